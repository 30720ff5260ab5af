// The order entry module's face (docs/decisions/0041, 0058): what app.ts and other modules may use.
export { NO_PASSWORD_HASH, PdvService } from './service.ts';
