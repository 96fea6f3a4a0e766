/** The header a client sends its API token in (API_TOKEN_HEADERS may add aliases). */
export const TOKEN_HEADER = 'SERVICE_API_TOKEN';

/** The `WWW-Authenticate` challenge of every 401 (RFC 9110 §11.6.1): the header to send. */
export const TOKEN_CHALLENGE = `ApiKey header="${TOKEN_HEADER}"`;
