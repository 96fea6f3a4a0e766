/**
 * The security schemes the API's contract declares (openapi.json `components.securitySchemes`),
 * which src/common/auth implements: the API token in a header, the console's session cookie, and
 * signed URLs.
 */

/** The header a client sends its API token in (API_TOKEN_HEADERS may add aliases). */
export const TOKEN_HEADER = 'SERVICE_API_TOKEN';

/** The `WWW-Authenticate` challenge of every 401 (RFC 9110 §11.6.1): the header to send. */
export const TOKEN_CHALLENGE = `ApiKey header="${TOKEN_HEADER}"`;

/** The OpenAPI security scheme of the API token. */
export const API_TOKEN_SECURITY = 'api-token';

/** The OpenAPI security scheme of signed URLs (the `signature` query parameter and its kin). */
export const SIGNED_URL_SECURITY = 'signed-url';

/** The OpenAPI security scheme of the console's session cookie (POST /api/session). */
export const SESSION_SECURITY = 'console-session';
