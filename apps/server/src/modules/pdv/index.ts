export { registerPdvRoutes } from './routes.ts';
export { NO_PASSWORD_HASH, PdvService } from './service.ts';
