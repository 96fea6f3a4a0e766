import { MessageLocale } from '../messages';
import { escapeHtml, pageDocument } from '../common/pages';
import { INVITATION_TEXTS } from './invitation-texts';
import { MIN_PASSWORD_LENGTH } from './password-policy';

/** What the acceptance form shows: whom it is for, what was typed, what was wrong. */
export interface InvitationForm {
  locale: MessageLocale;
  clientName: string;
  email: string;
  firstName: string;
  lastName: string;
  formField: string;
  problems: string[];
}

const STYLE = `main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem}
button{margin-top:1.5rem}.hint{color:#52525b;font-size:.9rem;margin:.3rem 0 0}.problems{border:2px solid #b91c1c;padding:.5rem 1rem;border-radius:.3rem;color:#7f1d1d}`;

function page(locale: MessageLocale, title: string, body: string): string {
  return pageDocument({ lang: locale, title, style: STYLE, body: `<main>\n${body}\n</main>` });
}

/** The form to accept an invitation: names and a password, posted back to the same address. */
export function invitationFormPage(form: InvitationForm): string {
  const t = INVITATION_TEXTS[form.locale];
  const title = t.formTitle(form.clientName);
  const problems = form.problems.length
    ? `<div class="problems" role="alert" id="problems"><p>${escapeHtml(t.problemsTitle)}</p><ul>${form.problems
        .map((p) => `<li>${escapeHtml(p)}</li>`)
        .join('')}</ul></div>`
    : '';
  const invalid = form.problems.length
    ? ' aria-invalid="true" aria-describedby="problems password-hint"'
    : ' aria-describedby="password-hint"';
  return page(
    form.locale,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t.formIntro(form.email))}</p>
${problems}
<form method="post" autocomplete="on">
<input type="hidden" name="form" value="${escapeHtml(form.formField)}">
<input type="email" name="username" value="${escapeHtml(form.email)}" autocomplete="username" hidden>
<label for="firstName">${escapeHtml(t.firstName)}</label>
<input id="firstName" name="firstName" maxlength="100" autocomplete="given-name" value="${escapeHtml(form.firstName)}">
<label for="lastName">${escapeHtml(t.lastName)}</label>
<input id="lastName" name="lastName" maxlength="100" autocomplete="family-name" value="${escapeHtml(form.lastName)}">
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="256" autocomplete="new-password"${invalid}>
<p class="hint" id="password-hint">${escapeHtml(t.passwordHint(MIN_PASSWORD_LENGTH))}</p>
<label for="confirmation">${escapeHtml(t.confirmation)}</label>
<input id="confirmation" name="confirmation" type="password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="256" autocomplete="new-password">
<button type="submit">${escapeHtml(t.submit)}</button>
</form>`,
  );
}

/** Who accepted, and where they sign in next (the client's setting; null: none). */
export interface AcceptedInvitation {
  locale: MessageLocale;
  clientName: string;
  email: string;
  signInUrl: string | null;
}

/** After the password is set: what to do next (sign in, where the client's setting says). */
export function invitationDonePage(done: AcceptedInvitation): string {
  const t = INVITATION_TEXTS[done.locale];
  const next = done.signInUrl
    ? `<p><a class="button" href="${escapeHtml(done.signInUrl)}">${escapeHtml(t.signIn(done.clientName))}</a></p>
<p class="note">${escapeHtml(t.signInWith(done.email))}</p>`
    : `<p>${escapeHtml(t.signInElsewhere(done.clientName, done.email))}</p>`;
  return page(
    done.locale,
    t.doneTitle,
    `<h1>${escapeHtml(t.doneTitle)}</h1>\n<p>${escapeHtml(t.done)}</p>\n${next}`,
  );
}

/** For a link that is unknown, expired, used or replaced (the page does not say which). */
export function invitationDeadPage(locale: MessageLocale): string {
  const t = INVITATION_TEXTS[locale];
  return page(
    locale,
    t.deadTitle,
    `<h1>${escapeHtml(t.deadTitle)}</h1>\n<p>${escapeHtml(t.dead)}</p>`,
  );
}
