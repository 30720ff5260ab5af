export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'precondition_required'
  | 'too_large'
  | 'unsupported'
  | 'uri_too_long'
  | 'too_many'
  | 'unavailable';

const statusByKind: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_required: 428,
  too_large: 413,
  uri_too_long: 414,
  unsupported: 415,
  too_many: 429,
  unavailable: 503,
};

/** The one error type of the server: a stable code, a kind that decides the status, and the spec's text. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    readonly detail: string,
    readonly extra: {
      field?: string;
      retryAfterSeconds?: number;
      currentStatus?: string;
      /** 402 CARD_DECLINED of a share's card: why, as a stable word. */
      declineReason?: string;
      /** 409 MENU_VERSION_CONFLICT: the store's menu version now. */
      menuVersion?: number;
      /** Every problem of a refused store document (the first is field and detail). */
      issues?: { field: string; code: string; detail: string }[];
      /** More of the refusal's body (a dispatch 409's route or stop as it is now). */
      body?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.status = statusByKind[kind];
  }
}

export const notFound = (code: string, detail: string) => new AppError('not_found', code, detail);
export const invalid = (code: string, detail: string, field?: string) =>
  new AppError('invalid', code, detail, field ? { field } : {});
