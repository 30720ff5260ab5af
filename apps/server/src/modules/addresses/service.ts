import {
  ADDRESSES_PER_CUSTOMER_MAX,
  type AddressDeleteReply,
  type AddressListReply,
  type AddressSent,
  type DeliveryCheckReply,
  type OlderAddressReply,
  type OlderAddressRequest,
  type SavedAddress,
  type UpsertAddressesReply,
  type UpsertAddressesRequest,
} from '@comanda/contract';
import {
  ADDRESS_MESSAGES,
  ADDRESS_TEXT_MAX_LENGTH,
  type AddressDistrict,
  checkAddressText,
  chooseDeliveryFee,
  cleanAddressText,
  feeForAddress,
  formatAddressLine,
  MAP_DISTANCE_LIMIT_METRES,
  NO_DISTRICT,
  NOT_DELIVERABLE_MESSAGE,
  type NotDeliverableReason,
  resolveDeliveryFeeType,
  type StoreFeeModel,
} from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { type CustomerPrincipal, forbidden } from '../../plugins/auth.ts';
import {
  type StorePlaces,
  type StreetIndex,
  storeCityNamed,
  storeDistrictNamed,
  storePlaces,
} from '../maps/index.ts';
import * as repo from './repository.ts';

/*
 * Saved addresses (spec sections 3, 5, 7) and their delivery fee (section 9), computed at read time
 * with the store's fee model. Other modules call `quoteDelivery` when placing an order.
 */

export const addressNotFound = () => notFound('ADDRESS_NOT_FOUND', 'Endereço não encontrado.');

/** For the order module: the 4xx of a delivery to an address that is not deliverable. */
export const addressNotDeliverable = (field = 'fk_endereco') =>
  new AppError('invalid', 'ADDRESS_NOT_DELIVERABLE', NOT_DELIVERABLE_MESSAGE, { field });

// ---------------------------------------------------------------------------------------------
// Reading: the fee of a saved address

/** The store's fee model from its company settings (no settings: by neighbourhood). */
export function feeModelOf(settings: repo.FeeSettings | undefined): StoreFeeModel {
  const type = resolveDeliveryFeeType(settings?.deliveryFeeType);
  if (!settings || type === 'neighbourhood') return { type: 'neighbourhood' };
  const discount = {
    discountedFee: settings.deliveryDiscountedFee,
    discountMinimumOrder: settings.deliveryDiscountMinimumOrder,
  };
  if (type === 'area') return { type: 'area', areas: settings.deliveryAreas, discount };
  return {
    type: 'radius',
    store:
      settings.latitude !== null && settings.longitude !== null
        ? { lat: settings.latitude, lng: settings.longitude }
        : null,
    tiers: settings.deliveryRadiusTiers,
    // 0 sets no maximum of its own: the last tier's radius is the limit.
    maxRadiusMetres: settings.deliveryMaxRadius > 0 ? settings.deliveryMaxRadius : Number.POSITIVE_INFINITY,
    discount,
  };
}

/** A saved address in the wire shape, its flags and fees as of now. */
export function toSavedAddress(row: repo.AddressWithPlaces, model: StoreFeeModel): SavedAddress {
  const { address, district, districtCity, addressCity } = row;
  const city = districtCity ?? addressCity;
  const byDistrict = model.type === 'neighbourhood';
  const addressDistrict: AddressDistrict | null = district
    ? {
        active: district.ativo,
        deleted: district.excluido,
        cityActive: districtCity?.ativo ?? true,
        fee: district.valorEntrega,
        discountedFee: district.valorEntregaDesconto,
        discountMinimumOrder: district.discountMinimumOrder,
      }
    : null;
  const position =
    address.latitude !== null && address.longitude !== null
      ? { lat: address.latitude, lng: address.longitude }
      : null;
  const fee = feeForAddress(model, { position, district: addressDistrict });
  const cityName = city?.nome ?? address.cityName;
  const districtName = district?.descricao ?? address.districtName;
  const state = city?.estado ?? address.state;
  const cityActive = city ? city.ativo : !byDistrict;
  return {
    id: address.id,
    name: address.name,
    full_address: formatAddressLine({
      street: address.street,
      number: address.streetNumber,
      complement: address.complement,
      district: districtName,
      city: cityName,
      state,
    }),
    district_active: district ? district.ativo : !byDistrict,
    city_active: cityActive,
    bairro_excluido: district?.excluido ?? false,
    ativo_cidade: cityActive,
    excluido: address.excluido,
    delivery_fee: fee.deliverable ? fee.delivery_fee : 0,
    original_delivery_fee: fee.deliverable ? fee.original_delivery_fee : 0,
    discount_minimum_order: fee.deliverable ? fee.discount_minimum_order : 0,
    street: address.street,
    streetNumber: address.streetNumber,
    street_number: address.streetNumber,
    complement: address.complement,
    city_id: city?.id ?? null,
    city: cityName,
    district_id: district?.id ?? null,
    district: districtName,
    state,
    latitude: address.latitude,
    longitude: address.longitude,
    deliverable: fee.deliverable,
    ...(fee.deliverable ? {} : { reason: fee.reason, reason_detail: NOT_DELIVERABLE_MESSAGE }),
    search: address.search,
    location: address.location,
  };
}

/** The customer's addresses (not deleted), oldest first, with fees under the store's model. */
export async function listAddresses(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  ids?: readonly number[],
): Promise<SavedAddress[]> {
  const settings = await repo.findFeeSettings(db, storeId);
  const rows = await repo.selectAddresses(db, storeId, customerId, ids);
  const model = feeModelOf(settings);
  return rows.map((row) => toSavedAddress(row, model));
}

/**
 * One of the customer's addresses with its fees under the store's fee model as it is now (order
 * placement's checkout quote picks the fee). 404 ADDRESS_NOT_FOUND for an unknown, deleted or
 * another customer's address.
 */
export async function savedAddress(
  db: DbExecutor,
  input: { storeId: number; customerId: number; addressId: number },
): Promise<SavedAddress> {
  const [address] = await listAddresses(db, input.storeId, input.customerId, [input.addressId]);
  if (!address) throw addressNotFound();
  return address;
}

export interface QuoteDeliveryInput {
  storeId: number;
  customerId: number;
  addressId: number;
  /** Products plus extras, before discounts and delivery; centavos. */
  subtotal: number;
}

export interface DeliveryQuote {
  deliverable: boolean;
  /** Why not deliverable (absent when deliverable). */
  reason?: NotDeliverableReason;
  /** 'Esse endereço não está disponível para entrega' (absent when deliverable). */
  detail?: string;
  /** The fee the order pays: delivery_fee from discount_minimum_order up, else original_delivery_fee; 0 when not deliverable. */
  fee: number;
  /** The address as one line, for the order record (address_string). */
  addressText: string;
  address: SavedAddress;
}

/**
 * The delivery fee of one of the customer's addresses for an order subtotal, under the store's fee
 * model as it is now. Throws 404 ADDRESS_NOT_FOUND for an unknown, deleted or another customer's
 * address. Not deliverable is an answer, not an error: the caller refuses the order (see
 * `addressNotDeliverable`). Two queries; safe inside the caller's transaction.
 */
export async function quoteDelivery(db: DbExecutor, input: QuoteDeliveryInput): Promise<DeliveryQuote> {
  const address = await savedAddress(db, input);
  const base = { addressText: address.full_address, address };
  if (!address.deliverable) {
    return {
      deliverable: false,
      ...(address.reason ? { reason: address.reason } : {}),
      detail: NOT_DELIVERABLE_MESSAGE,
      fee: 0,
      ...base,
    };
  }
  const fee = chooseDeliveryFee({
    subtotal: input.subtotal,
    delivery_fee: address.delivery_fee,
    original_delivery_fee: address.original_delivery_fee,
    discount_minimum_order: address.discount_minimum_order,
  });
  return { deliverable: true, fee, ...base };
}

// ---------------------------------------------------------------------------------------------
// Writing: the rules of a new address

/** One address to save, from either request shape. */
interface AddressDraft {
  id: number | null;
  name: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  cityId: number | null;
  cityName: string | null;
  districtId: number | null;
  districtName: string | null;
  latitude: number | null;
  longitude: number | null;
  search: string | null;
  location: boolean;
}

/** The request's name of each field, for `field` in the error body. */
type FieldNames = Record<
  'id' | 'name' | 'street' | 'number' | 'complement' | 'city' | 'district' | 'latitude' | 'longitude',
  string
>;

const upsertFields = (index: number): FieldNames => {
  const at = (name: string) => `addresses.${index}.${name}`;
  return {
    id: at('id'),
    name: at('name'),
    street: at('street'),
    number: at('street_number'),
    complement: at('complement'),
    city: at('city_id'),
    district: at('district_id'),
    latitude: at('latitude'),
    longitude: at('longitude'),
  };
};

const olderFields: FieldNames = {
  id: 'id',
  name: 'nome',
  street: 'rua',
  number: 'numero',
  complement: 'complemento',
  city: 'cidade',
  district: 'bairro',
  // The older shape has no position: one the server cannot find is the street's fault.
  latitude: 'rua',
  longitude: 'rua',
};

const SEARCH_MAX_LENGTH = 200;

const toId = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const id = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};
const toText = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

function draftFromSent(sent: AddressSent): AddressDraft {
  return {
    id: toId(sent.id),
    name: toText(sent.name),
    street: toText(sent.street),
    number: toText(sent.street_number),
    complement: toText(sent.complement),
    cityId: toId(sent.city_id),
    cityName: toText(sent.city_name),
    districtId: toId(sent.district_id),
    districtName: toText(sent.district_name),
    latitude: sent.latitude ?? null,
    longitude: sent.longitude ?? null,
    search: toText(sent.search),
    location: sent.location === true,
  };
}

/** cidade and bairro of the older shape are ids, or names (numbers and numeric strings are ids). */
function draftFromOlder(body: OlderAddressRequest): AddressDraft {
  const idOrName = (value: number | string | null | undefined) => {
    const id = toId(value);
    if (id !== null || typeof value === 'number') return { id, name: null };
    return { id: null, name: toText(value) };
  };
  const city = idOrName(body.cidade);
  const district = idOrName(body.bairro);
  return {
    id: null,
    name: toText(body.nome),
    street: toText(body.rua),
    number: toText(body.numero),
    complement: toText(body.complemento),
    cityId: city.id,
    cityName: city.name,
    districtId: district.id,
    districtName: district.name,
    latitude: null,
    longitude: null,
    search: null,
    location: false,
  };
}

interface WriteContext {
  model: StoreFeeModel;
  places: StorePlaces;
}

const required = (field: string) => invalid('FIELD_REQUIRED', ADDRESS_MESSAGES.required, field);
const cityNotFound = (field: string) => invalid('CITY_NOT_FOUND', 'Cidade não encontrada.', field);
const districtNotFound = (field: string) =>
  invalid('DISTRICT_NOT_FOUND', 'Bairro não encontrado nesta cidade.', field);
const tooLong = (field: string) => invalid('TEXT_TOO_LONG', ADDRESS_MESSAGES.textTooLong, field);

export interface AddressServiceDeps {
  db: Database;
  now: () => Date;
  /** The maps stand-in's street list: geocodes and checks positions the client sends. */
  streets: StreetIndex;
}

/** The address calls of spec section 7 and their rules (section 5). */
/** Whose addresses are written: the signed-in customer, or a store's customer a staff member serves. */
export type AddressOwner = Pick<CustomerPrincipal, 'storeId' | 'customerId'>;

export class AddressService {
  constructor(private readonly deps: AddressServiceDeps) {}

  /**
   * GET /core/v2/app/customer/delivery-check/: whether the store delivers to a place the wizard
   * found, before anything is saved (by neighbourhood: the store's active city and neighbourhood of
   * those names; by radius or area: the position), so the wizard says so at its first step.
   */
  async checkDelivery(
    principal: CustomerPrincipal,
    query: { latitude: number; longitude: number; city?: string | undefined; district?: string | undefined },
  ): Promise<DeliveryCheckReply> {
    const { model, places } = await this.writeContext(principal.storeId);
    let result: { deliverable: true } | { deliverable: false; reason: NotDeliverableReason };
    if (model.type === 'neighbourhood') {
      const city = storeCityNamed(places, cleanAddressText(query.city ?? ''));
      const district = city
        ? storeDistrictNamed(places, city.id, cleanAddressText(query.district ?? ''))
        : undefined;
      result =
        !city || !district
          ? { deliverable: false, reason: 'NO_DISTRICT' }
          : !city.ativo
            ? { deliverable: false, reason: 'CITY_INACTIVE' }
            : !district.ativo
              ? { deliverable: false, reason: 'DISTRICT_INACTIVE' }
              : { deliverable: true };
    } else {
      const fee = feeForAddress(model, {
        position: { lat: query.latitude, lng: query.longitude },
        district: null,
      });
      result = fee.deliverable ? { deliverable: true } : { deliverable: false, reason: fee.reason };
    }
    return result.deliverable
      ? { deliverable: true }
      : { deliverable: false, reason: result.reason, detail: NOT_DELIVERABLE_MESSAGE };
  }

  /** GET /core/v2/app/customer/addresses/ */
  async list(principal: CustomerPrincipal): Promise<AddressListReply> {
    return { addresses: await listAddresses(this.deps.db, principal.storeId, principal.customerId) };
  }

  /** POST /core/v2/app/customer/upsert-addresses/: the whole batch is saved, or nothing. */
  async upsert(principal: AddressOwner, body: UpsertAddressesRequest): Promise<UpsertAddressesReply> {
    const { storeId, customerId } = principal;
    const drafts = body.addresses.map(draftFromSent);
    const seen = new Set<number>();
    for (const [index, draft] of drafts.entries()) {
      if (draft.id === null) continue;
      if (seen.has(draft.id)) {
        throw invalid(
          'DUPLICATE_ADDRESS',
          'O mesmo endereço foi enviado duas vezes.',
          upsertFields(index).id,
        );
      }
      seen.add(draft.id);
    }
    const context = await this.writeContext(storeId);
    const values = drafts.map((draft, index) => this.resolve(draft, context, upsertFields(index), true));

    const { ids, insertedIds } = await this.deps.db.transaction(async (tx) => {
      const now = this.deps.now();
      await this.lockCustomer(tx, principal);
      const updates = drafts.flatMap((draft) => (draft.id === null ? [] : [draft.id]));
      const own = await repo.ownAddressIds(tx, storeId, customerId, updates);
      const notOwn = (index: number) =>
        new AppError('not_found', 'ADDRESS_NOT_FOUND', 'Endereço não encontrado.', {
          field: upsertFields(index).id,
        });
      for (const [index, draft] of drafts.entries()) {
        if (draft.id !== null && !own.has(draft.id)) throw notOwn(index);
      }
      const newCount = drafts.length - updates.length;
      await this.checkRoomFor(tx, principal, newCount);
      const ids: number[] = [];
      const insertedIds: number[] = [];
      for (const [index, draft] of drafts.entries()) {
        const value = values[index]!;
        if (draft.id === null) {
          const id = await repo.insertAddress(tx, storeId, customerId, value, now);
          ids.push(id);
          insertedIds.push(id);
        } else {
          // Deleted meanwhile (a delete does not wait for this transaction): refuse the batch.
          if (!(await repo.updateAddress(tx, storeId, customerId, draft.id, value, now))) throw notOwn(index);
          ids.push(draft.id);
        }
      }
      return { ids, insertedIds };
    });

    const saved = await listAddresses(this.deps.db, storeId, customerId, ids);
    const byId = new Map(saved.map((address) => [address.id, address]));
    return {
      success: true,
      detail: ids.length === 1 ? 'Endereço salvo.' : 'Endereços salvos.',
      inserted_ids: insertedIds,
      ids,
      addresses: ids.flatMap((id) => byId.get(id) ?? []),
    };
  }

  /** POST /core/endereco_register_app/: the older creation shape. */
  async registerOlder(principal: CustomerPrincipal, body: OlderAddressRequest): Promise<OlderAddressReply> {
    const { storeId, customerId } = principal;
    if (body.cliente !== null && body.cliente !== undefined && toId(body.cliente) !== customerId)
      throw forbidden();
    const context = await this.writeContext(storeId);
    const value = this.resolve(draftFromOlder(body), context, olderFields, false);
    const id = await this.deps.db.transaction(async (tx) => {
      await this.lockCustomer(tx, principal);
      await this.checkRoomFor(tx, principal, 1);
      return repo.insertAddress(tx, storeId, customerId, value, this.deps.now());
    });
    const [saved] = await listAddresses(this.deps.db, storeId, customerId, [id]);
    return { ...saved!, success: true, detail: 'Endereço cadastrado.' };
  }

  /**
   * PATCH /core/endereco_register_app/{id}/ {excluido: true}: soft delete. Deleting an address
   * already deleted answers the same (a retried request succeeds); another customer's is a 404.
   */
  async remove(principal: CustomerPrincipal, id: number): Promise<AddressDeleteReply> {
    const deleted = await repo.softDeleteAddress(
      this.deps.db,
      principal.storeId,
      principal.customerId,
      id,
      this.deps.now(),
    );
    if (deleted === undefined) throw addressNotFound();
    return { success: true, id: deleted, excluido: true };
  }

  /** GET /core/v2/app/customer/addresses/{id}/quote/ */
  quote(principal: CustomerPrincipal, addressId: number, subtotal: number): Promise<DeliveryQuote> {
    return quoteDelivery(this.deps.db, {
      storeId: principal.storeId,
      customerId: principal.customerId,
      addressId,
      subtotal,
    });
  }

  private async writeContext(storeId: number): Promise<WriteContext> {
    const settings = await repo.findFeeSettings(this.deps.db, storeId);
    return { model: feeModelOf(settings), places: await storePlaces(this.deps.db, storeId) };
  }

  private async lockCustomer(tx: DbExecutor, principal: AddressOwner): Promise<void> {
    if (!(await repo.lockCustomer(tx, principal.storeId, principal.customerId))) {
      throw notFound('CUSTOMER_NOT_FOUND', 'Cliente não encontrado.');
    }
  }

  private async checkRoomFor(tx: DbExecutor, principal: AddressOwner, newCount: number): Promise<void> {
    if (newCount === 0) return;
    const current = await repo.countAddresses(tx, principal.storeId, principal.customerId);
    if (current + newCount > ADDRESSES_PER_CUSTOMER_MAX) {
      throw new AppError(
        'conflict',
        'TOO_MANY_ADDRESSES',
        `Você pode salvar até ${ADDRESSES_PER_CUSTOMER_MAX} endereços. Apague algum para adicionar outro.`,
        { field: 'addresses' },
      );
    }
  }

  /**
   * The values to save for one address, or the 400 of its first broken rule (naming the field):
   * section 5's text rules, then the city and neighbourhood against the store's table (by
   * neighbourhood: both required, known, active and of each other; by radius or area: a free-text
   * city and an optional neighbourhood), then the position.
   */
  private resolve(
    draft: AddressDraft,
    context: WriteContext,
    fields: FieldNames,
    emptyNumberIsNoNumber: boolean,
  ): repo.AddressValues {
    const text = checkAddressText(draft, { emptyNumberIsNoNumber });
    if (!text.ok) throw invalid(text.error.code, text.error.message, fields[text.error.field]);
    const { name, street, number, complement } = text.value;

    if ((draft.latitude === null) !== (draft.longitude === null)) {
      throw invalid(
        'INVALID_LOCATION',
        'Informe latitude e longitude juntas.',
        draft.latitude === null ? fields.latitude : fields.longitude,
      );
    }

    const place =
      context.model.type === 'neighbourhood'
        ? this.resolveDistrictPlace(draft, context.places, fields)
        : this.resolveFreePlace(draft, context.places, fields);

    let latitude = draft.latitude;
    let longitude = draft.longitude;
    let state = place.state;
    if (context.model.type !== 'neighbourhood') {
      const known = this.deps.streets.findStreet(street, place.cityName);
      if (latitude === null || longitude === null) {
        // The older shape carries no position: the stand-in's street list may know the street.
        const found = known ? this.deps.streets.geocode(street, number, place.cityName) : null;
        if (!found) {
          throw invalid('LOCATION_REQUIRED', 'Marque no mapa onde fica o endereço.', fields.latitude);
        }
        latitude = found.latitude;
        longitude = found.longitude;
        state ||= found.state;
      } else if (known) {
        // The fee depends on the position: it must be near the street the address names.
        const metres = this.deps.streets.distanceFromStreet(known, number, { lat: latitude, lng: longitude });
        if (metres > MAP_DISTANCE_LIMIT_METRES) {
          throw invalid('LOCATION_TOO_FAR', ADDRESS_MESSAGES.locationTooFar, fields.latitude);
        }
        state ||= known.state;
      }
    }

    const search = cleanAddressText(draft.search).slice(0, SEARCH_MAX_LENGTH);
    return {
      name,
      street,
      streetNumber: number,
      complement,
      cityId: place.cityId,
      cityName: place.cityName,
      state,
      districtId: place.districtId,
      districtName: place.districtName,
      latitude,
      longitude,
      search: search || null,
      location: draft.location,
    };
  }

  /** A store that charges by neighbourhood: the city and the neighbourhood must be the store's. */
  private resolveDistrictPlace(draft: AddressDraft, places: StorePlaces, fields: FieldNames) {
    const cityName = cleanAddressText(draft.cityName);
    const city =
      draft.cityId !== null
        ? places.cities.find((candidate) => candidate.id === draft.cityId)
        : storeCityNamed(places, cityName);
    if (!city) {
      if (draft.cityId === null && !cityName) throw required(fields.city);
      throw cityNotFound(fields.city);
    }
    if (!city.ativo) throw invalid('CITY_INACTIVE', NOT_DELIVERABLE_MESSAGE, fields.city);

    const districtName = cleanAddressText(draft.districtName);
    const district =
      draft.districtId !== null
        ? places.districts.find((candidate) => candidate.id === draft.districtId)
        : storeDistrictNamed(places, city.id, districtName);
    if (!district) {
      if (draft.districtId === null && !districtName) throw required(fields.district);
      throw districtNotFound(fields.district);
    }
    if (district.excluido || district.cityId !== city.id) throw districtNotFound(fields.district);
    if (!district.ativo) throw invalid('DISTRICT_INACTIVE', NOT_DELIVERABLE_MESSAGE, fields.district);
    return {
      cityId: city.id,
      cityName: city.nome,
      state: city.estado,
      districtId: district.id,
      districtName: district.descricao,
    };
  }

  /**
   * A store that charges by radius or area: the city is free text (linked to the store's city of that
   * name when there is one), the neighbourhood may be absent ('Sem bairro'); ids, when sent, must
   * still be the store's, active, and of each other.
   */
  private resolveFreePlace(draft: AddressDraft, places: StorePlaces, fields: FieldNames) {
    let cityName = cleanAddressText(draft.cityName);
    let city = storeCityNamed(places, cityName);
    if (draft.cityId !== null) {
      city = places.cities.find((candidate) => candidate.id === draft.cityId);
      if (!city) throw cityNotFound(fields.city);
      if (!city.ativo) throw invalid('CITY_INACTIVE', NOT_DELIVERABLE_MESSAGE, fields.city);
      cityName = city.nome;
    }
    if (!cityName) throw required(fields.city);
    if ([...cityName].length > ADDRESS_TEXT_MAX_LENGTH) throw tooLong(fields.city);

    let districtName = cleanAddressText(draft.districtName);
    let districtId: number | null = null;
    if (draft.districtId !== null) {
      const district = places.districts.find((candidate) => candidate.id === draft.districtId);
      if (!district || district.excluido || !city || district.cityId !== city.id) {
        throw districtNotFound(fields.district);
      }
      if (!district.ativo) throw invalid('DISTRICT_INACTIVE', NOT_DELIVERABLE_MESSAGE, fields.district);
      districtId = district.id;
      districtName = district.descricao;
    } else if (city && districtName) {
      const district = storeDistrictNamed(places, city.id, districtName);
      if (district?.ativo) {
        districtId = district.id;
        districtName = district.descricao;
      }
    }
    if ([...districtName].length > ADDRESS_TEXT_MAX_LENGTH) throw tooLong(fields.district);
    return {
      cityId: city?.id ?? null,
      cityName,
      state: city?.estado ?? '',
      districtId,
      districtName: districtName || NO_DISTRICT,
    };
  }
}
