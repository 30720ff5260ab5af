import type { FastifyError, FastifyInstance } from 'fastify';
import { isDataException } from '../lib/database-errors.ts';
import { AppError } from '../lib/errors.ts';

interface ValidationIssue {
  instancePath?: string;
  params?: { issue?: { path?: (string | number)[] } };
  message?: string;
}

function fieldOf(error: FastifyError): string | undefined {
  const first = error.validation?.[0] as ValidationIssue | undefined;
  const zodPath = first?.params?.issue?.path;
  if (zodPath && zodPath.length > 0) return zodPath.join('.');
  const instancePath = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return instancePath || undefined;
}

/**
 * One error handler: every error becomes `{detail, code}` (plus `field` where one is to blame) with
 * the status its kind implies. 5xx are logged as errors and never show their message or stack.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header('retry-after', String(error.extra.retryAfterSeconds));
      return reply.status(error.status).send({
        detail: error.detail,
        code: error.code,
        ...(error.extra.field ? { field: error.extra.field } : {}),
        ...(error.extra.currentStatus ? { current_status: error.extra.currentStatus } : {}),
        ...(error.extra.declineReason ? { decline_reason: error.extra.declineReason } : {}),
        ...(error.extra.menuVersion !== undefined ? { menu_version: error.extra.menuVersion } : {}),
        ...(error.extra.issues ? { issues: error.extra.issues } : {}),
        ...error.extra.body,
      });
    }
    if (error.validation) {
      const field = fieldOf(error);
      return reply.status(400).send({
        detail: field ? `Valor inválido para o campo '${field}'.` : 'Requisição inválida.',
        code: 'INVALID_INPUT',
        ...(field ? { field } : {}),
      });
    }
    if (isDataException(error)) {
      // A value no schema caught but the database refused: the client's, so a 400 (the log keeps
      // only the SQLSTATE and the query, never the values: lib/database-errors.ts).
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send({ detail: 'Requisição inválida.', code: 'INVALID_DATA' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        detail: clientErrorText(status),
        code: error.code ?? `HTTP_${status}`,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Erro interno. Tente novamente.', code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: 'Não encontrado.', code: 'NOT_FOUND', path: request.url.split('?')[0] });
  });
}

function clientErrorText(status: number): string {
  switch (status) {
    case 400:
      return 'Requisição inválida.';
    case 413:
      return 'Requisição grande demais.';
    case 414:
      return 'Endereço grande demais.';
    case 415:
      return 'Tipo de conteúdo não suportado.';
    case 428:
      return 'Esta alteração precisa de uma condição (If-Match).';
    case 429:
      return 'Muitas tentativas. Aguarde um pouco e tente novamente.';
    default:
      return 'Requisição recusada.';
  }
}
