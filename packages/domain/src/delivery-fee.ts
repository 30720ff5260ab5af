/**
 * Delivery fee by neighbourhood, radius or area (spec section 9 "Delivery fee and totals").
 * Every amount is integer centavos; distances are metres; coordinates are degrees.
 */

export const DELIVERY_FEE_TYPES = ['neighbourhood', 'radius', 'area'] as const;

export type DeliveryFeeType = (typeof DELIVERY_FEE_TYPES)[number];

/**
 * Why an address gets no delivery:
 * - OUT_OF_RANGE: beyond delivery_max_radius or the last radius tier;
 * - NO_AREA: in none of the store's delivery areas;
 * - DISTRICT_INACTIVE: the neighbourhood is unknown, inactive or deleted;
 * - CITY_INACTIVE: the neighbourhood's city is inactive;
 * - NO_DISTRICT: a store that charges by neighbourhood, and an address without one;
 * - NO_LOCATION: a store that charges by distance or area, and an address without coordinates;
 * - NO_STORE_LOCATION: a store that charges by distance without a position of its own.
 */
export const NOT_DELIVERABLE_REASONS = [
  'OUT_OF_RANGE',
  'DISTRICT_INACTIVE',
  'NO_AREA',
  'CITY_INACTIVE',
  'NO_DISTRICT',
  'NO_LOCATION',
  'NO_STORE_LOCATION',
] as const;

export type NotDeliverableReason = (typeof NOT_DELIVERABLE_REASONS)[number];

/** Spec section 5 "New address": what a non-deliverable address shows. */
export const NOT_DELIVERABLE_MESSAGE = 'Esse endereço não está disponível para entrega';

/** The address fees that `chooseDeliveryFee` picks from, named as on the server address. */
export interface AddressFees {
  delivery_fee: number;
  original_delivery_fee: number;
  /** Subtotal from which delivery_fee applies instead of original_delivery_fee; 0 means always. */
  discount_minimum_order: number;
}

export type DeliveryFeeResult =
  | ({ deliverable: true } & AddressFees)
  | { deliverable: false; reason: NotDeliverableReason };

/** Spec section 9: radius, area, otherwise by neighbourhood. */
export function resolveDeliveryFeeType(deliveryFeeType: string | null | undefined): DeliveryFeeType {
  const value = deliveryFeeType?.trim().toLowerCase();
  if (value === 'radius') return 'radius';
  if (value === 'area') return 'area';
  return 'neighbourhood';
}

/** A flat fee (radius tier, area) has no discounted variant. */
function flatFee(fee: number): DeliveryFeeResult {
  return { deliverable: true, delivery_fee: fee, original_delivery_fee: fee, discount_minimum_order: 0 };
}

// ---------------------------------------------------------------------------------------------
// By neighbourhood

export interface DistrictFee extends AddressFees {
  active: boolean;
}

/** An unknown district is treated like an inactive one: nobody delivers there. */
export function feeByDistrict(
  table: ReadonlyMap<number | string, DistrictFee>,
  districtId: number | string,
): DeliveryFeeResult {
  const district = table.get(districtId);
  if (!district?.active) return { deliverable: false, reason: 'DISTRICT_INACTIVE' };
  return {
    deliverable: true,
    delivery_fee: district.delivery_fee,
    original_delivery_fee: district.original_delivery_fee,
    discount_minimum_order: district.discount_minimum_order,
  };
}

// ---------------------------------------------------------------------------------------------
// By radius

export interface LatLng {
  lat: number;
  lng: number;
}

/** IUGG mean Earth radius; the haversine formula assumes a sphere. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

export function haversineMetres(a: LatLng, b: LatLng): number {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface RadiusTier {
  upToMetres: number;
  fee: number;
}

/**
 * The first tier whose radius reaches the distance; a distance exactly on a radius belongs to that
 * tier. Beyond `maxRadiusMetres`, or beyond the last tier, nobody delivers.
 */
export function feeForDistance(
  tiers: readonly RadiusTier[],
  distanceMetres: number,
  maxRadiusMetres: number,
): DeliveryFeeResult {
  if (distanceMetres > maxRadiusMetres) return { deliverable: false, reason: 'OUT_OF_RANGE' };
  const tier = [...tiers]
    .sort((a, b) => a.upToMetres - b.upToMetres)
    .find((candidate) => distanceMetres <= candidate.upToMetres);
  return tier ? flatFee(tier.fee) : { deliverable: false, reason: 'OUT_OF_RANGE' };
}

export interface RadiusFeeInput {
  store: LatLng;
  address: LatLng;
  tiers: readonly RadiusTier[];
  /** Company delivery_max_radius, metres. */
  maxRadiusMetres: number;
}

/**
 * The distance is rounded to whole metres before comparing, so float noise in the haversine does
 * not push an address that sits on a tier's radius into the next tier (GPS is coarser anyway).
 */
export function feeByRadius({ store, address, tiers, maxRadiusMetres }: RadiusFeeInput): DeliveryFeeResult {
  return feeForDistance(tiers, Math.round(haversineMetres(store, address)), maxRadiusMetres);
}

/** Delivery radius as shown in km: metres / 1000, rounded. */
export function radiusKmText(metres: number): string {
  return String(Math.round(metres / 1000));
}

// ---------------------------------------------------------------------------------------------
// By area

/** [lat, lng] */
export type PolygonPoint = readonly [number, number];

export interface DeliveryArea {
  fee: number;
  polygon: readonly PolygonPoint[];
}

/** About a centimetre in degrees: a point this close to an edge is on the border. */
const BORDER_TOLERANCE_DEGREES = 1e-7;

function onSegment(point: LatLng, [aLat, aLng]: PolygonPoint, [bLat, bLng]: PolygonPoint): boolean {
  const cross = (bLat - aLat) * (point.lng - aLng) - (bLng - aLng) * (point.lat - aLat);
  const length = Math.hypot(bLat - aLat, bLng - aLng);
  if (length === 0) return Math.hypot(point.lat - aLat, point.lng - aLng) <= BORDER_TOLERANCE_DEGREES;
  if (Math.abs(cross) / length > BORDER_TOLERANCE_DEGREES) return false;
  const dot = (point.lat - aLat) * (bLat - aLat) + (point.lng - aLng) * (bLng - aLng);
  const tolerance = BORDER_TOLERANCE_DEGREES * length;
  return dot >= -tolerance && dot <= length * length + tolerance;
}

/**
 * Ray casting on the plane of (lat, lng), good at city scale. A point on the border (edge or
 * vertex) counts as inside. The polygon may or may not repeat its first point at the end.
 */
export function pointInPolygon(point: LatLng, polygon: readonly PolygonPoint[]): boolean {
  if (polygon.length === 0) return false;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (onSegment(point, a, b)) return true;
    const [aLat, aLng] = a;
    const [bLat, bLng] = b;
    if (aLat > point.lat !== bLat > point.lat) {
      const lngAtLat = aLng + ((point.lat - aLat) * (bLng - aLng)) / (bLat - aLat);
      if (point.lng < lngAtLat) inside = !inside;
    }
  }
  return inside;
}

/** The first area (in the given order) containing the address sets the fee. */
export function feeByArea(areas: readonly DeliveryArea[], address: LatLng): DeliveryFeeResult {
  const area = areas.find((candidate) => pointInPolygon(address, candidate.polygon));
  return area ? flatFee(area.fee) : { deliverable: false, reason: 'NO_AREA' };
}

// ---------------------------------------------------------------------------------------------
// Which fee the order pays

export interface ChooseDeliveryFeeInput {
  /** Products plus extras, before discounts and delivery. */
  subtotal: number;
  delivery_fee: number;
  /** Missing (null) on addresses without a discounted fee: delivery_fee is then the only fee. */
  original_delivery_fee: number | null;
  discount_minimum_order: number;
}

/**
 * At or above discount_minimum_order (0 means always) the address delivery_fee applies; below it,
 * original_delivery_fee.
 */
export function chooseDeliveryFee({
  subtotal,
  delivery_fee,
  original_delivery_fee,
  discount_minimum_order,
}: ChooseDeliveryFeeInput): number {
  if (discount_minimum_order <= 0 || subtotal >= discount_minimum_order) return delivery_fee;
  return original_delivery_fee ?? delivery_fee;
}

// ---------------------------------------------------------------------------------------------
// The fee of a saved address, whatever the store's model

/**
 * A fee with an optional discounted variant: a neighbourhood's valor_entrega and
 * valor_entrega_desconto, or a radius/area store's tier fee and delivery_discounted_fee.
 */
export interface FeeDiscount {
  /** The discounted fee; null when there is none. */
  discountedFee: number | null;
  /** Subtotal from which the discounted fee applies; 0 means always. */
  discountMinimumOrder: number;
}

/**
 * The address fees of a normal fee and a discount: delivery_fee is the discounted fee (never above
 * the normal one), original_delivery_fee the normal fee. Without a discount both are the normal fee
 * and discount_minimum_order is 0.
 */
export function feesWithDiscount(
  fee: number,
  { discountedFee, discountMinimumOrder }: FeeDiscount,
): AddressFees {
  if (discountedFee === null) {
    return { delivery_fee: fee, original_delivery_fee: fee, discount_minimum_order: 0 };
  }
  return {
    delivery_fee: Math.min(discountedFee, fee),
    original_delivery_fee: fee,
    discount_minimum_order: Math.max(0, discountMinimumOrder),
  };
}

/** The store's fee model (company settings delivery_fee_type and what that type needs). */
export type StoreFeeModel =
  | { type: 'neighbourhood' }
  | {
      type: 'radius';
      /** The store's position; null when the store has none. */
      store: LatLng | null;
      tiers: readonly RadiusTier[];
      maxRadiusMetres: number;
      discount: FeeDiscount;
    }
  | { type: 'area'; areas: readonly DeliveryArea[]; discount: FeeDiscount };

/** A saved address's neighbourhood, as the store's table has it now. */
export interface AddressDistrict extends FeeDiscount {
  /** ativo */
  active: boolean;
  /** excluido */
  deleted: boolean;
  /** The neighbourhood's city is active. */
  cityActive: boolean;
  /** valor_entrega: the normal fee. */
  fee: number;
}

export interface AddressForFee {
  position: LatLng | null;
  /** Null when the address has no neighbourhood of the store (radius and area stores allow that). */
  district: AddressDistrict | null;
}

/**
 * The fees of a saved address under the store's model:
 * - by neighbourhood: the neighbourhood's fees; none for an inactive or deleted neighbourhood or
 *   city, or an address without a neighbourhood;
 * - by radius: the tier of the distance from the store, up to delivery_max_radius;
 * - by area: the first area containing the address.
 * Radius and area fees take the store's discount (delivery_discounted_fee from
 * delivery_discount_minimum_order up).
 */
export function feeForAddress(model: StoreFeeModel, address: AddressForFee): DeliveryFeeResult {
  switch (model.type) {
    case 'neighbourhood': {
      const district = address.district;
      if (!district) return { deliverable: false, reason: 'NO_DISTRICT' };
      if (!district.cityActive) return { deliverable: false, reason: 'CITY_INACTIVE' };
      if (!district.active || district.deleted) return { deliverable: false, reason: 'DISTRICT_INACTIVE' };
      return { deliverable: true, ...feesWithDiscount(district.fee, district) };
    }
    case 'radius': {
      if (!address.position) return { deliverable: false, reason: 'NO_LOCATION' };
      if (!model.store) return { deliverable: false, reason: 'NO_STORE_LOCATION' };
      const result = feeByRadius({
        store: model.store,
        address: address.position,
        tiers: model.tiers,
        maxRadiusMetres: model.maxRadiusMetres,
      });
      return result.deliverable
        ? { deliverable: true, ...feesWithDiscount(result.original_delivery_fee, model.discount) }
        : result;
    }
    case 'area': {
      if (!address.position) return { deliverable: false, reason: 'NO_LOCATION' };
      const result = feeByArea(model.areas, address.position);
      return result.deliverable
        ? { deliverable: true, ...feesWithDiscount(result.original_delivery_fee, model.discount) }
        : result;
    }
  }
}
