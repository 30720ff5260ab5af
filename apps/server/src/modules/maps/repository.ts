import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { readTogether } from '../../db/read-together.ts';
import { cities, companySettings, neighbourhoods } from '../../db/schema.ts';

export interface StoreCity {
  id: number;
  nome: string;
  estado: string;
  ativo: boolean;
}

export interface StoreDistrict {
  id: number;
  cityId: number;
  descricao: string;
  ativo: boolean;
  excluido: boolean;
}

/** The store's cities and neighbourhoods (deleted ones included: callers decide). */
export async function listStorePlaces(
  db: DbExecutor,
  storeId: number,
): Promise<{ cities: StoreCity[]; districts: StoreDistrict[] }> {
  const [cityRows, districtRows] = await readTogether(db, [
    () =>
      db
        .select({ id: cities.id, nome: cities.nome, estado: cities.estado, ativo: cities.ativo })
        .from(cities)
        .where(eq(cities.storeId, storeId)),
    () =>
      db
        .select({
          id: neighbourhoods.id,
          cityId: neighbourhoods.cityId,
          descricao: neighbourhoods.descricao,
          ativo: neighbourhoods.ativo,
          excluido: neighbourhoods.excluido,
        })
        .from(neighbourhoods)
        .where(eq(neighbourhoods.storeId, storeId)),
  ]);
  return { cities: cityRows, districts: districtRows };
}

/** Where the store is and the viewport its maps search within. */
export async function findStoreMapSettings(db: DbExecutor, storeId: number) {
  const [row] = await db
    .select({
      latitude: companySettings.latitude,
      longitude: companySettings.longitude,
      googleMapsViewport: companySettings.googleMapsViewport,
    })
    .from(companySettings)
    .where(eq(companySettings.storeId, storeId));
  return row;
}
