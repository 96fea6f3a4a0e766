import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_TOKEN_SECURITY } from '../auth/access.decorators';
import { ProblemDetails } from '../errors/problem-details';

export const OPENAPI_TITLE = 'Product Customizer Integration API';

/** The OpenAPI document of the running application (deterministic: no host-specific values). */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(OPENAPI_TITLE)
    .setDescription(
      'Integration API of the product customizer: orders, availability, saved assets, rendering, ' +
        'web-to-print, sharing and users. Authenticate with the `SERVICE_API_TOKEN` header. ' +
        'Errors are `text/plain` (4xx) or RFC 9457 ProblemDetails (5xx, or any error when the ' +
        'request sends `Accept: application/problem+json`).',
    )
    .setVersion('v1')
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'SERVICE_API_TOKEN',
        description: 'The API token of a client.',
      },
      API_TOKEN_SECURITY,
    )
    .build();
  return SwaggerModule.createDocument(app, config, {
    extraModels: [ProblemDetails],
    operationIdFactory: (_controller, method) => method,
  });
}

/** Serves Swagger UI at `/docs` and the document at `/docs-json`. */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
    customSiteTitle: OPENAPI_TITLE,
    swaggerOptions: { persistAuthorization: true, displayOperationId: true },
  });
}
