import type { OrderRating, RateOrderRequest, StaffRatingsQuery, StaffRatingsReply } from '@comanda/contract';
import { firstName, type RatingRefusal, ratingRefusal, summarizeRatings } from '@comanda/domain';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import * as repo from './repository.ts';

/*
 * A customer's rating of a delivered order and the store's list of them (issue 34,
 * docs/decisions/0068).
 */

/** Ratings per page of the staff's list. */
export const RATINGS_PAGE_SIZE = 30;

const REFUSALS: Record<RatingRefusal, { code: string; detail: string }> = {
  not_delivered: { code: 'ORDER_NOT_DELIVERED', detail: 'Só é possível avaliar um pedido entregue.' },
  window_closed: { code: 'RATING_WINDOW_CLOSED', detail: 'O prazo para avaliar este pedido terminou.' },
  already_rated: { code: 'ORDER_ALREADY_RATED', detail: 'Este pedido já foi avaliado.' },
};

const refused = (refusal: RatingRefusal) =>
  new AppError('conflict', REFUSALS[refusal].code, REFUSALS[refusal].detail);

export interface RatingsDeps {
  db: Database;
  now: () => Date;
}

export class RatingsService {
  constructor(private readonly deps: RatingsDeps) {}

  /** POST /bar/v2/orders/{id}/rating: once, on a delivered order of the customer's own. */
  async rate(customer: CustomerPrincipal, orderId: number, body: RateOrderRequest): Promise<OrderRating> {
    const { db, now } = this.deps;
    const { storeId, customerId } = customer;
    const order = await repo.customerOrder(db, storeId, customerId, orderId);
    if (!order) throw notFound('ORDER_NOT_FOUND', 'Pedido não encontrado.');
    const at = now();
    const refusal = ratingRefusal(
      {
        status: order.status,
        deliveredAt: await repo.deliveredAt(db, storeId, orderId),
        rated: await repo.isRated(db, storeId, orderId),
      },
      at,
    );
    if (refusal) throw refused(refusal);
    const comment = body.comentario?.trim() || null;
    const row = await repo.insertRating(db, { orderId, storeId, customerId, stars: body.nota, comment, at });
    // Two taps at once: the second finds the first's row.
    if (!row) throw refused('already_rated');
    return { nota: row.stars, comentario: row.comment, at: row.at.toISOString() };
  }

  /** GET /staff/ratings */
  async list(staff: StaffPrincipal, query: StaffRatingsQuery): Promise<StaffRatingsReply> {
    const { db } = this.deps;
    const [counts, rows] = await Promise.all([
      repo.starCounts(db, staff.storeId),
      repo.listRatings(db, staff.storeId, {
        maxStars: query.max_nota,
        before: query.before === undefined ? undefined : new Date(query.before),
        limit: RATINGS_PAGE_SIZE,
      }),
    ]);
    const summary = summarizeRatings(counts);
    return {
      resumo: { total: summary.count, media: summary.average, por_nota: summary.byStars },
      avaliacoes: rows.map((row) => ({
        pedido: row.orderId,
        numero: row.number,
        cliente: firstName(row.customerName),
        nota: row.stars,
        comentario: row.comment,
        at: row.at.toISOString(),
        tipo_entrega: row.deliveryType,
      })),
      proximo: rows.length === RATINGS_PAGE_SIZE ? rows.at(-1)!.at.toISOString() : null,
    };
  }
}
