// The ratings module's face (docs/decisions/0041): what the app's composition may use.
export { registerRatingRoutes } from './routes.ts';
export { RatingsService } from './service.ts';
