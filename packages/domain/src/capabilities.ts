import { STAFF_ROLES, type StaffRole, staffRoleAllows } from './staff-roles.ts';

/**
 * Who may do what in a store (docs/decisions/0042): every staff action by name, with the lowest role
 * that may do it. The server's staff routes each name one capability and one hook checks it; the
 * staff app shows what the member's role may do. Answering "which role may do X" is this table.
 *
 * `movable` is the range within which a store may move an entry's role (its own rule, issue 33
 * stores them); an entry without it is the same in every store.
 */
export interface CapabilityRule {
  /** The lowest role allowed when the store has not moved it. */
  lowest: StaffRole;
  /** The lowest and highest role a store may set instead; absent: no store may move it. */
  movable?: { from: StaffRole; to: StaffRole };
  /** What it lets a member do, for the reader of this table (and the API docs). */
  means: string;
}

export const CAPABILITIES = {
  'staff.me': {
    lowest: 'attendant',
    means: 'Read one’s own staff account and role (the staff app starts with it).',
  },
  'orders.handle': {
    lowest: 'attendant',
    means: 'List and read the store’s orders, follow them live, move them along or cancel them.',
  },
  'orders.enter': {
    lowest: 'attendant',
    means:
      'Enter an order for a customer (counter, phone, waiter): find or add the customer by phone, place it.',
  },
  'orders.edit': {
    lowest: 'attendant',
    movable: { from: 'attendant', to: 'manager' },
    means: 'Add or remove lines of an order, or change its payment, before it is prepared.',
  },
  'payments.confirm': {
    lowest: 'attendant',
    means: 'Confirm that the money of a PIX to the store’s own key arrived.',
  },
  'store.read': {
    lowest: 'attendant',
    means: 'Read whether the store is open, paused or closed, and its order settings.',
  },
  'menu.sold_out': {
    lowest: 'attendant',
    movable: { from: 'attendant', to: 'manager' },
    means: 'Switch products and option items sold out and back.',
  },
  'tables.serve': {
    lowest: 'attendant',
    means: 'Read the tables, their QR sheet and calls; open a table, answer a call, close and settle tabs.',
  },
  'whatsapp.inbox': {
    lowest: 'attendant',
    means: 'Read the store’s WhatsApp conversations and reply to customers within the 24-hour window.',
  },
  'settings.read': {
    lowest: 'attendant',
    means: 'Read the store document (menu, hours, delivery, payments, coupons, loyalty, contact, look).',
  },
  'stations.read': {
    lowest: 'attendant',
    means: 'Read the store’s stations (Cozinha, Bar…) and which products each prepares.',
  },
  'orders.cancel': {
    lowest: 'attendant',
    movable: { from: 'attendant', to: 'manager' },
    means:
      'Cancel an order not paid online without a manager’s approval (checked by the cancel itself; below it a member asks, issue 33).',
  },
  'kitchen.bump': {
    lowest: 'attendant',
    means: 'Use the kitchen display: read a station’s orders in preparation, bump them done, recall a bump.',
  },
  'register.operate': {
    lowest: 'attendant',
    movable: { from: 'attendant', to: 'manager' },
    means:
      'Use the cash register: open it with a float, take cash out or put it in, close it with the count, read its sessions.',
  },
  'dispatch.manage': {
    lowest: 'attendant',
    means:
      'Use the dispatch board: list ready deliveries, put routes together, reorder and reassign them, send them out, mark stops.',
  },
  'store.open_close': {
    lowest: 'manager',
    means: 'Open or close the store now, follow its hours again, pause it or end the pause.',
  },
  'orders.settings': {
    lowest: 'manager',
    means: 'Switch auto-accept and the kitchen ticket’s auto-print of new orders.',
  },
  'settings.edit': {
    lowest: 'manager',
    means: 'Save sections of the store document and upload its pictures.',
  },
  'settings.audit': {
    lowest: 'manager',
    means: 'Read who changed what in the store document.',
  },
  'reports.read': {
    lowest: 'manager',
    movable: { from: 'attendant', to: 'owner' },
    means: 'Read the day’s and any period’s figures and export the orders and the ledger as CSV.',
  },
  'ratings.read': {
    lowest: 'manager',
    movable: { from: 'attendant', to: 'owner' },
    means: 'Read the customers’ ratings and comments of their delivered orders.',
  },
  'orders.cancel_paid': {
    lowest: 'manager',
    movable: { from: 'manager', to: 'owner' },
    means:
      'Cancel an order paid online (or in a closed register) without asking; approve or deny a cancel request, set one’s own approval code.',
  },
  'payments.ledger': {
    lowest: 'manager',
    means: 'Check the day’s provider charges against the orders, shares and refunds.',
  },
  'stations.manage': {
    lowest: 'manager',
    means: 'Add, rename, reorder and remove stations; route categories and products to them.',
  },
  'printers.manage': {
    lowest: 'manager',
    means:
      'List the store’s cloud printers, add one (its secret shown once), give it a new secret, revoke it.',
  },
  'tables.manage': {
    lowest: 'manager',
    means: 'Add, rename, deactivate a table, give it a new QR token; the waiter’s code and service fee.',
  },
  'register.manage': {
    lowest: 'manager',
    means: 'Add, rename and deactivate the store’s cash registers.',
  },
  'couriers.manage': {
    lowest: 'manager',
    means:
      'Add and change couriers and their pay rules, give or revoke their personal links, settle their day.',
  },
  'whatsapp.settings': {
    lowest: 'owner',
    means: 'Set the store’s WhatsApp channel (number, secrets, registered templates) and read its failures.',
  },
  'team.manage': {
    lowest: 'owner',
    means: 'Read the team, add members, change their role, name or password, remove them.',
  },
  'roles.manage': {
    lowest: 'owner',
    means: 'Read and set the store’s own roles for the capabilities a store may move, within their ranges.',
  },
  'payments.pix_key': {
    lowest: 'owner',
    means:
      'Change the store’s PIX key (checked by the editor’s save) or payment provider (its own routes), confirmed with one’s own password.',
  },
  'notices.owner': {
    lowest: 'owner',
    means: 'Read and dismiss the notices to the store’s owners (a PIX key or payment provider changed).',
  },
  'stores.create': {
    lowest: 'owner',
    means: 'Open another store on the deployment, with its first owner.',
  },
} as const satisfies Record<string, CapabilityRule>;

export type Capability = keyof typeof CAPABILITIES;

export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

export function isCapability(name: unknown): name is Capability {
  return typeof name === 'string' && Object.hasOwn(CAPABILITIES, name);
}

/** A store's own roles for the capabilities it may move, as stored (unchecked until read). */
export type CapabilityOverrides = Readonly<Partial<Record<string, unknown>>>;

export type OverrideRefusal = 'UNKNOWN_CAPABILITY' | 'UNKNOWN_ROLE' | 'NOT_MOVABLE' | 'OUT_OF_RANGE';

/**
 * Why a store may not give `capability` the role `role`; null when it may. For a store's editor to
 * refuse a rule before saving it, and for reading one back: a refused override counts as absent.
 */
export function overrideRefusal(capability: string, role: unknown): OverrideRefusal | null {
  if (!isCapability(capability)) return 'UNKNOWN_CAPABILITY';
  if (typeof role !== 'string' || !(STAFF_ROLES as readonly string[]).includes(role)) return 'UNKNOWN_ROLE';
  const rule: CapabilityRule = CAPABILITIES[capability];
  if (!rule.movable) return 'NOT_MOVABLE';
  const { from, to } = rule.movable;
  const staffRole = role as StaffRole;
  return staffRoleAllows(staffRole, from) && staffRoleAllows(to, staffRole) ? null : 'OUT_OF_RANGE';
}

/** The lowest role that may use `capability` in a store with `storeOverrides` (refused ones ignored). */
export function roleNeededFor(capability: Capability, storeOverrides?: CapabilityOverrides): StaffRole {
  const override = storeOverrides?.[capability];
  if (override !== undefined && overrideRefusal(capability, override) === null) return override as StaffRole;
  return CAPABILITIES[capability].lowest;
}

/** Whether a member with `role` may use `capability` in a store with `storeOverrides`. */
export function staffMay(
  role: StaffRole,
  capability: Capability,
  storeOverrides?: CapabilityOverrides,
): boolean {
  return staffRoleAllows(role, roleNeededFor(capability, storeOverrides));
}

/** The capabilities a store may move, with their ranges: what an owner's roles screen lists. */
export const MOVABLE_CAPABILITIES = CAPABILITY_NAMES.filter(
  (name) => (CAPABILITIES[name] as CapabilityRule).movable !== undefined,
);

/** A store's overrides with every refused entry dropped (what the store really applies). */
export function effectiveOverrides(
  storeOverrides?: CapabilityOverrides,
): Partial<Record<Capability, StaffRole>> {
  const out: Partial<Record<Capability, StaffRole>> = {};
  for (const [name, role] of Object.entries(storeOverrides ?? {})) {
    if (overrideRefusal(name, role) === null) out[name as Capability] = role as StaffRole;
  }
  return out;
}

export interface CancelApprovalInput {
  /** The role of the member cancelling. */
  role: StaffRole;
  /** A payment was paid online for the order, or a share of its table's tab was paid online. */
  paidOnline: boolean;
  /** A payment of the order is already in a register that was closed (the cash register's work). */
  inClosedRegister: boolean;
  /** The store's own roles (`orders.cancel`, `orders.cancel_paid`), as stored. */
  storeOverrides?: CapabilityOverrides;
}

/**
 * Whether a member's cancel needs a manager's (or owner's) approval (issue 33): an order paid online
 * or in a closed register needs `orders.cancel_paid` (a manager, or an owner where the store says
 * so), any other `orders.cancel` (an attendant, or a manager where the store wants every attendant's
 * cancel approved). A store may only ask for more, never less.
 */
export function cancelNeedsApproval(input: CancelApprovalInput): boolean {
  const { role, storeOverrides } = input;
  if (!staffMay(role, 'orders.cancel', storeOverrides)) return true;
  if (input.paidOnline || input.inClosedRegister)
    return !staffMay(role, 'orders.cancel_paid', storeOverrides);
  return false;
}

/** Whether a member may approve another's cancel (any kind) on their device or with their code. */
export function mayApproveCancel(role: StaffRole, storeOverrides?: CapabilityOverrides): boolean {
  return staffMay(role, 'orders.cancel_paid', storeOverrides);
}
