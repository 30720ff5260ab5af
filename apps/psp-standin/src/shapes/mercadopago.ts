import type { StandinShapeModule } from '../context.ts';

export const mercadoPagoShape: StandinShapeModule = {
  shape: 'mercadopago',
  routes() {},
  notifications() {
    return [];
  },
};
