import { DEFAULT_STORE_TIME_ZONE, isStoreTimeZone, type StoreTimeZone } from '@comanda/domain';
import { readBoot } from './boot.ts';

/**
 * The page's store's IANA time zone (docs/decisions/0043): every page is one store's, and its boot
 * block carries the company reply with the zone. Hours, schedule times and the staff's clocks read
 * it; a page without a boot block (tests, a broken block) or with an unknown zone reads São Paulo's,
 * the zone's default.
 */
export function pageStoreTimeZone(): StoreTimeZone {
  const zone = readBoot().company?.[0]?.time_zone;
  return isStoreTimeZone(zone) ? zone : DEFAULT_STORE_TIME_ZONE;
}
