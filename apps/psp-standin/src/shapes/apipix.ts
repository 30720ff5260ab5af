import type { StandinContext, StandinShapeModule } from '../context.ts';

export const apiPixShape: StandinShapeModule & {
  startTls(
    context: StandinContext,
    port: number,
  ): Promise<{
    url: string;
    pki: { caPem: string; clientCertPem: string; clientKeyPem: string };
    close: () => Promise<void>;
  }>;
} = {
  shape: 'apipix',
  routes() {},
  notifications() {
    return [];
  },
  async startTls() {
    throw new Error('the API Pix listener is not built yet');
  },
};
