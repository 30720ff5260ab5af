import type { StandinShapeModule } from '../context.ts';

export const stripeShape: StandinShapeModule = {
  shape: 'stripe',
  routes() {},
  notifications() {
    return [];
  },
};
