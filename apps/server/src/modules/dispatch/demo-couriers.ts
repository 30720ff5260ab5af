import type { DbExecutor } from '../../db/client.ts';
import { type CourierPayColumn, couriers } from '../../db/schema.ts';

/*
 * The demo's couriers (docs/decisions/0070): Forno & Brasa dispatches with two of its own, one paid
 * per delivery and one by km band, so the board, the courier's page and the settlement have someone
 * to work with. Their personal links are made from the staff app (only a link's hash is kept).
 */
export const DEMO_COURIERS: Record<
  string,
  { nome: string; telefone: string; veiculo: string; pagamento: CourierPayColumn }[]
> = {
  pizzaria: [
    {
      nome: 'Carlos Almeida',
      telefone: '11987650001',
      veiculo: 'moto',
      pagamento: { modelo: 'por_entrega', valor_entrega: 700 },
    },
    {
      nome: 'Bruna Ferreira',
      telefone: '11987650002',
      veiculo: 'bicicleta',
      pagamento: {
        modelo: 'faixa_km',
        faixas: [
          { ate_km: 2, valor: 500 },
          { ate_km: 4, valor: 800 },
          { ate_km: 7, valor: 1200 },
        ],
      },
    },
  ],
};

/** Adds the demo couriers of the store with this slug (none for a store without). */
export async function seedDemoCouriers(
  db: DbExecutor,
  storeId: number,
  slug: string,
  at: Date,
): Promise<void> {
  const list = DEMO_COURIERS[slug];
  if (!list) return;
  await db
    .insert(couriers)
    .values(list.map((courier) => ({ storeId, ...courier, ativoHoje: true, createdAt: at, updatedAt: at })));
}
