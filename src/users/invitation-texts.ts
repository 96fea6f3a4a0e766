import { MessageLocale } from '../messages';
import type { AcceptanceProblem } from './invitations.service';

/** Everything the invitation e-mail and the acceptance pages say, per locale. */
export interface InvitationTexts {
  subject: (client: string) => string;
  greeting: (name: string | null) => string;
  invited: (client: string) => string;
  action: string;
  expires: (days: number) => string;
  ignore: string;
  formTitle: (client: string) => string;
  formIntro: (email: string) => string;
  firstName: string;
  lastName: string;
  password: string;
  passwordHint: (min: number) => string;
  confirmation: string;
  submit: string;
  problemsTitle: string;
  problems: Record<AcceptanceProblem | 'form-expired', string>;
  doneTitle: string;
  done: string;
  /** The success page's button to the client's sign-in page. */
  signIn: (client: string) => string;
  /** Beside that button: the address to sign in with. */
  signInWith: (email: string) => string;
  /** The next step when the client has no sign-in URL. */
  signInElsewhere: (client: string, email: string) => string;
  deadTitle: string;
  dead: string;
}

const en: InvitationTexts = {
  subject: (c) => `You are invited to ${c}`,
  greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
  invited: (c) => `you have been invited to the ${c} account of the product customizer.`,
  action: 'Accept the invitation',
  expires: (d) => `The link works once and expires in ${d} days.`,
  ignore: 'If you did not expect this invitation, you can ignore this e-mail.',
  formTitle: (c) => `Join ${c}`,
  formIntro: (e) => `Choose a password for ${e}.`,
  firstName: 'First name',
  lastName: 'Last name',
  password: 'Password',
  passwordHint: (m) => `At least ${m} characters; not your e-mail address or a common password.`,
  confirmation: 'Repeat the password',
  submit: 'Set password',
  problemsTitle: 'Please correct the following:',
  problems: {
    'too-short': 'The password is too short.',
    'too-long': 'The password is too long (at most 256 characters).',
    'like-email': 'The password must not contain your e-mail address.',
    common: 'This password is too common and easy to guess. Choose another.',
    mismatch: 'The two passwords differ.',
    'names-too-long': 'Names may have at most 100 characters.',
    'form-expired': 'The form has expired. Please submit it again.',
    'address-in-use':
      'This e-mail address already signs in to another account of this service, so this invitation cannot be accepted. Ask your administrator to invite another address.',
  },
  doneTitle: 'Your account is ready',
  done: 'Your password is set. You can now sign in.',
  signIn: (c) => `Sign in to ${c}`,
  signInWith: (e) => `Sign in with ${e} and your new password.`,
  signInElsewhere: (c, e) =>
    `Sign in where ${c} gave you access, with ${e} and your new password. If you do not have that address, ask your administrator.`,
  deadTitle: 'This invitation link no longer works',
  dead: 'The link has expired, has been used already, or a newer invitation replaced it. Ask your administrator to send the invitation again.',
};

const de: InvitationTexts = {
  subject: (c) => `Einladung zu ${c}`,
  greeting: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
  invited: (c) => `Sie wurden zum Konto ${c} des Produkt-Konfigurators eingeladen.`,
  action: 'Einladung annehmen',
  expires: (d) => `Der Link funktioniert einmal und läuft in ${d} Tagen ab.`,
  ignore: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  formTitle: (c) => `Willkommen bei ${c}`,
  formIntro: (e) => `Wählen Sie ein Passwort für ${e}.`,
  firstName: 'Vorname',
  lastName: 'Nachname',
  password: 'Passwort',
  passwordHint: (m) =>
    `Mindestens ${m} Zeichen; nicht Ihre E-Mail-Adresse und kein gängiges Passwort.`,
  confirmation: 'Passwort wiederholen',
  submit: 'Passwort festlegen',
  problemsTitle: 'Bitte korrigieren Sie Folgendes:',
  problems: {
    'too-short': 'Das Passwort ist zu kurz.',
    'too-long': 'Das Passwort ist zu lang (höchstens 256 Zeichen).',
    'like-email': 'Das Passwort darf Ihre E-Mail-Adresse nicht enthalten.',
    common: 'Dieses Passwort ist zu gängig und leicht zu erraten. Wählen Sie ein anderes.',
    mismatch: 'Die beiden Passwörter stimmen nicht überein.',
    'names-too-long': 'Namen dürfen höchstens 100 Zeichen haben.',
    'form-expired': 'Das Formular ist abgelaufen. Bitte senden Sie es erneut.',
    'address-in-use':
      'Mit dieser E-Mail-Adresse meldet sich bereits ein anderes Konto dieses Dienstes an, daher kann diese Einladung nicht angenommen werden. Bitten Sie Ihre Administratorin oder Ihren Administrator, eine andere Adresse einzuladen.',
  },
  doneTitle: 'Ihr Konto ist bereit',
  done: 'Ihr Passwort ist gesetzt. Sie können sich jetzt anmelden.',
  signIn: (c) => `Bei ${c} anmelden`,
  signInWith: (e) => `Melden Sie sich mit ${e} und Ihrem neuen Passwort an.`,
  signInElsewhere: (c, e) =>
    `Melden Sie sich dort an, wo ${c} Ihnen Zugang gegeben hat, mit ${e} und Ihrem neuen Passwort. Wenn Sie die Adresse nicht kennen, fragen Sie Ihren Administrator.`,
  deadTitle: 'Dieser Einladungslink funktioniert nicht mehr',
  dead: 'Der Link ist abgelaufen, wurde bereits verwendet oder durch eine neuere Einladung ersetzt. Bitten Sie Ihre Administratorin oder Ihren Administrator, die Einladung erneut zu senden.',
};

const fr: InvitationTexts = {
  subject: (c) => `Invitation à rejoindre ${c}`,
  greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
  invited: (c) => `vous avez été invité(e) au compte ${c} du configurateur de produits.`,
  action: "Accepter l'invitation",
  expires: (d) => `Le lien ne fonctionne qu'une fois et expire dans ${d} jours.`,
  ignore: "Si vous n'attendiez pas cette invitation, vous pouvez ignorer cet e-mail.",
  formTitle: (c) => `Rejoindre ${c}`,
  formIntro: (e) => `Choisissez un mot de passe pour ${e}.`,
  firstName: 'Prénom',
  lastName: 'Nom',
  password: 'Mot de passe',
  passwordHint: (m) =>
    `Au moins ${m} caractères ; ni votre adresse e-mail, ni un mot de passe courant.`,
  confirmation: 'Répétez le mot de passe',
  submit: 'Définir le mot de passe',
  problemsTitle: 'Veuillez corriger ce qui suit :',
  problems: {
    'too-short': 'Le mot de passe est trop court.',
    'too-long': 'Le mot de passe est trop long (256 caractères au plus).',
    'like-email': 'Le mot de passe ne doit pas contenir votre adresse e-mail.',
    common: 'Ce mot de passe est trop courant et facile à deviner. Choisissez-en un autre.',
    mismatch: 'Les deux mots de passe diffèrent.',
    'names-too-long': 'Les noms ont au plus 100 caractères.',
    'form-expired': 'Le formulaire a expiré. Veuillez le renvoyer.',
    'address-in-use':
      "Cette adresse e-mail se connecte déjà à un autre compte de ce service : cette invitation ne peut pas être acceptée. Demandez à votre administrateur d'inviter une autre adresse.",
  },
  doneTitle: 'Votre compte est prêt',
  done: 'Votre mot de passe est défini. Vous pouvez maintenant vous connecter.',
  signIn: (c) => `Se connecter à ${c}`,
  signInWith: (e) => `Connectez-vous avec ${e} et votre nouveau mot de passe.`,
  signInElsewhere: (c, e) =>
    `Connectez-vous là où ${c} vous a donné accès, avec ${e} et votre nouveau mot de passe. Si vous ne connaissez pas cette adresse, demandez-la à votre administrateur.`,
  deadTitle: "Ce lien d'invitation ne fonctionne plus",
  dead: "Le lien a expiré, a déjà été utilisé ou a été remplacé par une invitation plus récente. Demandez à votre administrateur de renvoyer l'invitation.",
};

const es: InvitationTexts = {
  subject: (c) => `Invitación a ${c}`,
  greeting: (n) => (n ? `Hola ${n}:` : 'Hola:'),
  invited: (c) => `le han invitado a la cuenta ${c} del configurador de productos.`,
  action: 'Aceptar la invitación',
  expires: (d) => `El enlace funciona una vez y caduca en ${d} días.`,
  ignore: 'Si no esperaba esta invitación, puede ignorar este correo.',
  formTitle: (c) => `Únase a ${c}`,
  formIntro: (e) => `Elija una contraseña para ${e}.`,
  firstName: 'Nombre',
  lastName: 'Apellidos',
  password: 'Contraseña',
  passwordHint: (m) =>
    `Al menos ${m} caracteres; ni su dirección de correo ni una contraseña habitual.`,
  confirmation: 'Repita la contraseña',
  submit: 'Establecer contraseña',
  problemsTitle: 'Corrija lo siguiente:',
  problems: {
    'too-short': 'La contraseña es demasiado corta.',
    'too-long': 'La contraseña es demasiado larga (256 caracteres como máximo).',
    'like-email': 'La contraseña no debe contener su dirección de correo.',
    common: 'Esta contraseña es demasiado habitual y fácil de adivinar. Elija otra.',
    mismatch: 'Las dos contraseñas no coinciden.',
    'names-too-long': 'Los nombres tienen como máximo 100 caracteres.',
    'form-expired': 'El formulario ha caducado. Envíelo de nuevo.',
    'address-in-use':
      'Esta dirección de correo ya inicia sesión en otra cuenta de este servicio, por lo que esta invitación no puede aceptarse. Pida a su administrador que invite otra dirección.',
  },
  doneTitle: 'Su cuenta está lista',
  done: 'Su contraseña está establecida. Ya puede iniciar sesión.',
  signIn: (c) => `Iniciar sesión en ${c}`,
  signInWith: (e) => `Inicie sesión con ${e} y su nueva contraseña.`,
  signInElsewhere: (c, e) =>
    `Inicie sesión donde ${c} le dio acceso, con ${e} y su nueva contraseña. Si no conoce esa dirección, pregunte a su administrador.`,
  deadTitle: 'Este enlace de invitación ya no funciona',
  dead: 'El enlace ha caducado, ya se ha usado o lo ha sustituido una invitación más reciente. Pida a su administrador que vuelva a enviar la invitación.',
};

const nl: InvitationTexts = {
  subject: (c) => `Uitnodiging voor ${c}`,
  greeting: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
  invited: (c) => `je bent uitgenodigd voor het account ${c} van de productconfigurator.`,
  action: 'Uitnodiging accepteren',
  expires: (d) => `De link werkt één keer en verloopt over ${d} dagen.`,
  ignore: 'Als je deze uitnodiging niet verwachtte, kun je deze e-mail negeren.',
  formTitle: (c) => `Welkom bij ${c}`,
  formIntro: (e) => `Kies een wachtwoord voor ${e}.`,
  firstName: 'Voornaam',
  lastName: 'Achternaam',
  password: 'Wachtwoord',
  passwordHint: (m) => `Minstens ${m} tekens; niet je e-mailadres of een veelgebruikt wachtwoord.`,
  confirmation: 'Herhaal het wachtwoord',
  submit: 'Wachtwoord instellen',
  problemsTitle: 'Corrigeer het volgende:',
  problems: {
    'too-short': 'Het wachtwoord is te kort.',
    'too-long': 'Het wachtwoord is te lang (hoogstens 256 tekens).',
    'like-email': 'Het wachtwoord mag je e-mailadres niet bevatten.',
    common: 'Dit wachtwoord is te gangbaar en makkelijk te raden. Kies een ander.',
    mismatch: 'De twee wachtwoorden verschillen.',
    'names-too-long': 'Namen hebben hoogstens 100 tekens.',
    'form-expired': 'Het formulier is verlopen. Verstuur het opnieuw.',
    'address-in-use':
      'Met dit e-mailadres wordt al ingelogd bij een ander account van deze dienst, dus deze uitnodiging kan niet worden aanvaard. Vraag je beheerder een ander adres uit te nodigen.',
  },
  doneTitle: 'Je account is klaar',
  done: 'Je wachtwoord is ingesteld. Je kunt nu inloggen.',
  signIn: (c) => `Inloggen bij ${c}`,
  signInWith: (e) => `Log in met ${e} en je nieuwe wachtwoord.`,
  signInElsewhere: (c, e) =>
    `Log in waar ${c} je toegang heeft gegeven, met ${e} en je nieuwe wachtwoord. Weet je dat adres niet, vraag het dan aan je beheerder.`,
  deadTitle: 'Deze uitnodigingslink werkt niet meer',
  dead: 'De link is verlopen, al gebruikt of vervangen door een nieuwere uitnodiging. Vraag je beheerder de uitnodiging opnieuw te sturen.',
};

export const INVITATION_TEXTS: Record<MessageLocale, InvitationTexts> = { en, de, fr, es, nl };
