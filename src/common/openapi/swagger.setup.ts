import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import * as schemas from './schemas';

export const SESSION_COOKIE_SCHEME = 'session';

/** The OpenAPI document of the running app (every controller, the spec's schemas, cookie auth). */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Skill Audit Service')
    .setDescription(
      'Audits AI agent skills for security and privacy risks. Errors are `{error}` localized by `?lang=`, ' +
        '`Accept-Language`, then `de`. Admin routes need the `session` cookie from `POST /api/auth/login`.',
    )
    .setVersion('0.1.0')
    .addCookieAuth('session', { type: 'apiKey', in: 'cookie', name: 'session' }, SESSION_COOKIE_SCHEME)
    .build();
  return SwaggerModule.createDocument(app, config, {
    extraModels: Object.values(schemas),
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
}

/** Swagger UI at /api/docs, the JSON document at /api/docs-json. */
export function setupSwagger(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    useGlobalPrefix: false,
  });
}
