import { MessageLocale } from '../messages';

/** Every text of a share (messages and the share page) in one locale. */
export interface ShareTexts {
  /** The e-mail's subject and the page's heading; `{product}` is the product's name. */
  subject: string;
  /** The first paragraph of the e-mail and the page. */
  intro: string;
  /** The e-mail's button. */
  view: string;
  /** `{date}` is the day the link expires. */
  validUntil: string;
  /** The image's alternative text; `{product}`. */
  imageAlt: string;
  /** The SMS before its link; `{product}`. */
  sms: string;
  /** The e-mail's closing line: why the recipient got it. */
  footer: string;
  /** The page's description for link previews. */
  preview: string;
  /** Above the page's heading: whose design it is; `{client}` is the client's display name. */
  from: string;
  /** The page's call to action, to the client's storefront; `{client}`. */
  order: string;
  /** The page's next step when the client has no storefront URL; `{client}`. */
  orderElsewhere: string;
  /** The page of a link that never existed (404). */
  unknownTitle: string;
  unknownText: string;
  /** The page of a link that expired or was withdrawn (410). */
  goneTitle: string;
  goneText: string;
}

/** The share's texts in each locale messages are written in (`en` is the fallback). */
export const SHARE_TEXTS: Record<MessageLocale, ShareTexts> = {
  en: {
    subject: 'A design was shared with you: {product}',
    intro: 'Someone shared a customized design with you.',
    view: 'View the design',
    validUntil: 'The link works until {date}.',
    imageAlt: 'Picture of the design: {product}',
    sms: 'A design was shared with you: {product}',
    footer: 'You received this message because someone entered your address to share a design.',
    preview: 'A customized design shared with you.',
    from: 'A design from {client}',
    order: 'Order this design at {client}',
    orderElsewhere: 'To order this design, contact {client} or the person who shared it.',
    unknownTitle: 'Link not found',
    unknownText: 'This share link does not exist. Check that it was copied whole.',
    goneTitle: 'Link no longer available',
    goneText: 'This share link has expired or was withdrawn. Ask the sender for a new one.',
  },
  de: {
    subject: 'Ein Entwurf wurde mit Ihnen geteilt: {product}',
    intro: 'Jemand hat einen individuell gestalteten Entwurf mit Ihnen geteilt.',
    view: 'Entwurf ansehen',
    validUntil: 'Der Link ist bis zum {date} gültig.',
    imageAlt: 'Bild des Entwurfs: {product}',
    sms: 'Ein Entwurf wurde mit Ihnen geteilt: {product}',
    footer:
      'Sie erhalten diese Nachricht, weil jemand Ihre Adresse angegeben hat, um einen Entwurf zu teilen.',
    preview: 'Ein individuell gestalteter Entwurf, mit Ihnen geteilt.',
    from: 'Ein Entwurf von {client}',
    order: 'Diesen Entwurf bei {client} bestellen',
    orderElsewhere:
      'Um diesen Entwurf zu bestellen, wenden Sie sich an {client} oder an die Person, die ihn geteilt hat.',
    unknownTitle: 'Link nicht gefunden',
    unknownText: 'Diesen Link gibt es nicht. Prüfen Sie, ob er vollständig kopiert wurde.',
    goneTitle: 'Link nicht mehr verfügbar',
    goneText:
      'Dieser Link ist abgelaufen oder wurde zurückgezogen. Bitten Sie den Absender um einen neuen.',
  },
  fr: {
    subject: 'Un design a été partagé avec vous : {product}',
    intro: "Quelqu'un a partagé un design personnalisé avec vous.",
    view: 'Voir le design',
    validUntil: "Le lien est valable jusqu'au {date}.",
    imageAlt: 'Image du design : {product}',
    sms: 'Un design a été partagé avec vous : {product}',
    footer:
      "Vous recevez ce message parce que quelqu'un a saisi votre adresse pour partager un design.",
    preview: 'Un design personnalisé partagé avec vous.',
    from: 'Un design de {client}',
    order: 'Commander ce design chez {client}',
    orderElsewhere: "Pour commander ce design, contactez {client} ou la personne qui l'a partagé.",
    unknownTitle: 'Lien introuvable',
    unknownText: "Ce lien de partage n'existe pas. Vérifiez qu'il a été copié en entier.",
    goneTitle: "Ce lien n'est plus disponible",
    goneText: "Ce lien de partage a expiré ou a été retiré. Demandez-en un nouveau à l'expéditeur.",
  },
  es: {
    subject: 'Han compartido un diseño contigo: {product}',
    intro: 'Alguien ha compartido contigo un diseño personalizado.',
    view: 'Ver el diseño',
    validUntil: 'El enlace es válido hasta el {date}.',
    imageAlt: 'Imagen del diseño: {product}',
    sms: 'Han compartido un diseño contigo: {product}',
    footer: 'Recibes este mensaje porque alguien introdujo tu dirección para compartir un diseño.',
    preview: 'Un diseño personalizado compartido contigo.',
    from: 'Un diseño de {client}',
    order: 'Pedir este diseño en {client}',
    orderElsewhere:
      'Para pedir este diseño, contacta con {client} o con la persona que lo compartió.',
    unknownTitle: 'Enlace no encontrado',
    unknownText: 'Este enlace no existe. Comprueba que se ha copiado completo.',
    goneTitle: 'El enlace ya no está disponible',
    goneText: 'Este enlace ha caducado o ha sido retirado. Pide uno nuevo al remitente.',
  },
  nl: {
    subject: 'Er is een ontwerp met je gedeeld: {product}',
    intro: 'Iemand heeft een ontwerp op maat met je gedeeld.',
    view: 'Bekijk het ontwerp',
    validUntil: 'De link werkt tot {date}.',
    imageAlt: 'Afbeelding van het ontwerp: {product}',
    sms: 'Er is een ontwerp met je gedeeld: {product}',
    footer:
      'Je ontvangt dit bericht omdat iemand je adres heeft opgegeven om een ontwerp te delen.',
    preview: 'Een ontwerp op maat, met je gedeeld.',
    from: 'Een ontwerp van {client}',
    order: 'Bestel dit ontwerp bij {client}',
    orderElsewhere:
      'Wil je dit ontwerp bestellen? Neem contact op met {client} of met wie het met je deelde.',
    unknownTitle: 'Link niet gevonden',
    unknownText: 'Deze link bestaat niet. Controleer of hij volledig is gekopieerd.',
    goneTitle: 'Link niet meer beschikbaar',
    goneText: 'Deze link is verlopen of ingetrokken. Vraag de afzender om een nieuwe.',
  },
};

/** `template` with each `{name}` replaced by its value (plain text: escape for HTML after). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
