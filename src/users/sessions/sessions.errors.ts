import { DomainError, ErrorKind } from '../../common/errors/domain-error';

/** The same answer for every failed sign-in: unknown address, wrong password, inactive user. */
export class SignInFailed extends DomainError {
  constructor() {
    super(
      'SIGN_IN_FAILED',
      ErrorKind.Unauthenticated,
      'The e-mail address or the password is wrong, or the user has not accepted the invitation or is disabled.',
    );
  }
}

/** A route about the console session, called with an API token instead. */
export class SessionRequired extends DomainError {
  constructor() {
    super(
      'SESSION_REQUIRED',
      ErrorKind.Unauthenticated,
      'This route is about a console session: sign in with POST /api/session (an API token has no session).',
    );
  }
}
