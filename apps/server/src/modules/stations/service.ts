import type { StationsReply } from '@comanda/contract';
import { STATIONS_PER_STORE_MAX, type StationRouting, stationRouting } from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import * as repo from './repository.ts';

export interface StationsDeps {
  db: Database;
}

type Route = { id: number; station_id: number | null };

const stationNotFound = () => notFound('STATION_NOT_FOUND', 'Estação não encontrada.');

/** The store's routing of products to stations, for its tickets and its kitchen display. */
export async function stationRoutingOf(db: DbExecutor, storeId: number): Promise<StationRouting> {
  const stations = await repo.stationsOf(db, storeId);
  const menu = await repo.routedMenuOf(db, storeId);
  return routingOf(stations, menu);
}

function routingOf(stations: repo.StationRow[], menu: Awaited<ReturnType<typeof repo.routedMenuOf>>) {
  const categoryStation = new Map(menu.categoryRows.map((row) => [row.id, row.stationId]));
  return stationRouting(
    stations.map((row) => row.id),
    menu.productRows.map((row) => ({
      id: row.id,
      stationId: row.stationId,
      categoryStationId: categoryStation.get(row.categoryId) ?? null,
    })),
  );
}

/**
 * The store's stations (docs/decisions/0052): Cozinha, Bar, Balcão…, each category or product routed
 * to one. Names are unique in a store; positions are kept 0, 1, 2… so the first is the default.
 */
export class StationsService {
  constructor(private readonly deps: StationsDeps) {}

  async stations(storeId: number, db: DbExecutor = this.deps.db): Promise<StationsReply> {
    const stations = await repo.stationsOf(db, storeId);
    const menu = await repo.routedMenuOf(db, storeId);
    const routing = routingOf(stations, menu);
    const productStations: Record<string, number> = {};
    if (routing.defaultStationId !== null) {
      for (const row of menu.productRows) {
        productStations[String(row.id)] = routing.productStations[row.id] ?? routing.defaultStationId;
      }
    }
    return {
      stations: stations.map((row) => ({ id: row.id, name: row.name, position: row.position })),
      default_station_id: routing.defaultStationId,
      product_stations: productStations,
      categories: menu.categoryRows.map((category) => ({
        id: category.id,
        name: category.name,
        station_id: category.stationId,
        products: menu.productRows
          .filter((product) => product.categoryId === category.id)
          .map((product) => ({ id: product.id, name: product.name, station_id: product.stationId })),
      })),
    };
  }

  create(staff: StaffPrincipal, name: string) {
    return this.change(staff.storeId, async (tx, stations) => {
      if (stations.length >= STATIONS_PER_STORE_MAX) {
        throw new AppError(
          'conflict',
          'STATIONS_LIMIT',
          `Uma loja tem no máximo ${STATIONS_PER_STORE_MAX} estações.`,
        );
      }
      const row = await repo.insertStation(tx, staff.storeId, name.trim(), stations.length);
      if (!row) throw nameTaken();
    });
  }

  update(staff: StaffPrincipal, id: number, change: { name?: string; position?: number }) {
    return this.change(staff.storeId, async (tx, stations) => {
      if (!stations.some((row) => row.id === id)) throw stationNotFound();
      const name = change.name?.trim();
      if (name !== undefined && stations.some((row) => row.id !== id && row.name === name)) throw nameTaken();
      if (name !== undefined) await repo.renameStation(tx, staff.storeId, id, name);
      if (change.position !== undefined) {
        const others = stations.filter((row) => row.id !== id).map((row) => row.id);
        others.splice(Math.min(change.position, others.length), 0, id);
        await repo.renumber(tx, staff.storeId, others);
      }
    });
  }

  remove(staff: StaffPrincipal, id: number) {
    return this.change(staff.storeId, async (tx, stations) => {
      if (!(await repo.deleteStation(tx, staff.storeId, id))) throw stationNotFound();
      await repo.renumber(
        tx,
        staff.storeId,
        stations.filter((row) => row.id !== id).map((row) => row.id),
      );
    });
  }

  route(staff: StaffPrincipal, body: { categories?: Route[]; products?: Route[] }) {
    return this.change(staff.storeId, async (tx, stations) => {
      const own = new Set(stations.map((row) => row.id));
      for (const [field, routes] of [
        ['categories', body.categories ?? []],
        ['products', body.products ?? []],
      ] as const) {
        for (const [index, route] of routes.entries()) {
          if (route.station_id !== null && !own.has(route.station_id)) {
            throw invalid('UNKNOWN_STATION', 'Estação não encontrada.', `${field}.${index}.station_id`);
          }
        }
        const ids = [...new Set(routes.map((route) => route.id))];
        if ((await repo.countOwn(tx, staff.storeId, field, ids)) !== ids.length) {
          throw invalid(
            field === 'categories' ? 'UNKNOWN_CATEGORY' : 'UNKNOWN_PRODUCT',
            field === 'categories' ? 'Categoria não encontrada.' : 'Produto não encontrado.',
            field,
          );
        }
      }
      for (const route of body.categories ?? []) {
        await repo.routeCategory(tx, staff.storeId, route.id, route.station_id);
      }
      for (const route of body.products ?? []) {
        await repo.routeProduct(tx, staff.storeId, route.id, route.station_id);
      }
    });
  }

  /** One change under the store's stations lock, answered with the stations as they now are. */
  private change(
    storeId: number,
    write: (tx: DbExecutor, stations: repo.StationRow[]) => Promise<void>,
  ): Promise<StationsReply> {
    return this.deps.db.transaction(async (tx) => {
      await repo.lockStations(tx, storeId);
      await write(tx, await repo.stationsOf(tx, storeId));
      return this.stations(storeId, tx);
    });
  }
}

const nameTaken = () =>
  new AppError('conflict', 'STATION_NAME_TAKEN', 'Já existe uma estação com esse nome.');
