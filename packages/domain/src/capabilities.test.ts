import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  CAPABILITY_NAMES,
  type CapabilityRule,
  cancelNeedsApproval,
  effectiveOverrides,
  isCapability,
  MOVABLE_CAPABILITIES,
  mayApproveCancel,
  overrideRefusal,
  roleNeededFor,
  staffMay,
} from './capabilities.ts';
import { STAFF_ROLES, type StaffRole, staffRoleAllows } from './staff-roles.ts';

describe('the capability table', () => {
  it('gives the roles of docs/decisions/0026 without any store override', () => {
    const byRole = (role: string) => CAPABILITY_NAMES.filter((name) => roleNeededFor(name) === role).sort();
    expect(byRole('attendant')).toEqual([
      'dispatch.manage',
      'kitchen.bump',
      'menu.sold_out',
      'orders.cancel',
      'orders.edit',
      'orders.enter',
      'orders.handle',
      'payments.confirm',
      'register.operate',
      'settings.read',
      'staff.me',
      'stations.read',
      'store.read',
      'tables.serve',
      'whatsapp.inbox',
    ]);
    expect(byRole('manager')).toEqual([
      'couriers.manage',
      'orders.cancel_paid',
      'orders.settings',
      'payments.ledger',
      'printers.manage',
      'ratings.read',
      'register.manage',
      'reports.read',
      'settings.audit',
      'settings.edit',
      'stations.manage',
      'store.open_close',
      'tables.manage',
    ]);
    expect(byRole('owner')).toEqual([
      'notices.owner',
      'payments.pix_key',
      'roles.manage',
      'stores.create',
      'team.manage',
      'whatsapp.settings',
    ]);
  });

  it('lets a role do what a lower role may, and not what a higher one needs', () => {
    expect(staffMay('attendant', 'orders.handle')).toBe(true);
    expect(staffMay('attendant', 'reports.read')).toBe(false);
    expect(staffMay('manager', 'reports.read')).toBe(true);
    expect(staffMay('manager', 'team.manage')).toBe(false);
    expect(staffMay('owner', 'team.manage')).toBe(true);
    for (const name of CAPABILITY_NAMES) expect(staffMay('owner', name)).toBe(true);
  });

  it('keeps every movable range around the role it starts with', () => {
    for (const name of CAPABILITY_NAMES) {
      const rule: CapabilityRule = CAPABILITIES[name];
      if (!rule.movable) continue;
      expect(staffRoleAllows(rule.movable.to, rule.movable.from), name).toBe(true);
      expect(overrideRefusal(name, rule.lowest), name).toBeNull();
    }
  });

  it('knows its names and nothing else', () => {
    expect(isCapability('team.manage')).toBe(true);
    expect(isCapability('team.delete')).toBe(false);
    expect(isCapability('toString')).toBe(false);
    expect(isCapability(undefined)).toBe(false);
  });
});

describe('a store’s overrides', () => {
  it('move a movable capability within its range', () => {
    expect(roleNeededFor('reports.read', { 'reports.read': 'attendant' })).toBe('attendant');
    expect(staffMay('attendant', 'reports.read', { 'reports.read': 'attendant' })).toBe(true);
    expect(roleNeededFor('reports.read', { 'reports.read': 'owner' })).toBe('owner');
    expect(staffMay('manager', 'reports.read', { 'reports.read': 'owner' })).toBe(false);
    expect(roleNeededFor('menu.sold_out', { 'menu.sold_out': 'manager' })).toBe('manager');
    expect(staffMay('attendant', 'menu.sold_out', { 'menu.sold_out': 'manager' })).toBe(false);
  });

  it('are refused past the range, and then ignored', () => {
    expect(overrideRefusal('menu.sold_out', 'owner')).toBe('OUT_OF_RANGE');
    expect(roleNeededFor('menu.sold_out', { 'menu.sold_out': 'owner' })).toBe('attendant');
    expect(staffMay('attendant', 'menu.sold_out', { 'menu.sold_out': 'owner' })).toBe(true);
  });

  it('are refused for a capability no store may move, and then ignored', () => {
    expect(overrideRefusal('team.manage', 'attendant')).toBe('NOT_MOVABLE');
    expect(roleNeededFor('team.manage', { 'team.manage': 'attendant' })).toBe('owner');
    expect(staffMay('attendant', 'team.manage', { 'team.manage': 'attendant' })).toBe(false);
    expect(overrideRefusal('orders.handle', 'owner')).toBe('NOT_MOVABLE');
    expect(staffMay('attendant', 'orders.handle', { 'orders.handle': 'owner' })).toBe(true);
  });

  it('are refused for an unknown role or capability, and then ignored', () => {
    expect(overrideRefusal('reports.read', 'admin')).toBe('UNKNOWN_ROLE');
    expect(overrideRefusal('reports.read', 3)).toBe('UNKNOWN_ROLE');
    expect(overrideRefusal('reports.delete', 'owner')).toBe('UNKNOWN_CAPABILITY');
    expect(roleNeededFor('reports.read', { 'reports.read': 'admin' })).toBe('manager');
    expect(roleNeededFor('reports.read', { 'reports.read': null })).toBe('manager');
  });

  it('change only the capability they name', () => {
    const overrides = { 'reports.read': 'attendant' };
    for (const name of CAPABILITY_NAMES.filter((name) => name !== 'reports.read')) {
      for (const role of STAFF_ROLES) expect(staffMay(role, name, overrides)).toBe(staffMay(role, name));
    }
  });
});

describe('the store’s movable rules', () => {
  it('are the six a store may move, and the money ones only upwards', () => {
    expect([...MOVABLE_CAPABILITIES].sort()).toEqual([
      'menu.sold_out',
      'orders.cancel',
      'orders.cancel_paid',
      'orders.edit',
      'ratings.read',
      'register.operate',
      'reports.read',
    ]);
    expect(overrideRefusal('orders.cancel_paid', 'attendant')).toBe('OUT_OF_RANGE');
    expect(overrideRefusal('orders.cancel_paid', 'owner')).toBeNull();
    expect(overrideRefusal('orders.cancel', 'manager')).toBeNull();
    expect(overrideRefusal('orders.cancel', 'owner')).toBe('OUT_OF_RANGE');
    expect(overrideRefusal('payments.pix_key', 'manager')).toBe('NOT_MOVABLE');
  });

  it('drop what a store may not set when read back', () => {
    expect(
      effectiveOverrides({
        'reports.read': 'attendant',
        'orders.cancel_paid': 'attendant',
        'team.manage': 'manager',
        nonsense: 'owner',
      }),
    ).toEqual({ 'reports.read': 'attendant' });
    expect(effectiveOverrides(undefined)).toEqual({});
  });
});

describe('cancelNeedsApproval', () => {
  const cases: [StaffRole, boolean, boolean, boolean][] = [
    // role, paid online, in a closed register, needs approval (no store rule)
    ['attendant', false, false, false],
    ['attendant', true, false, true],
    ['attendant', false, true, true],
    ['attendant', true, true, true],
    ['manager', false, false, false],
    ['manager', true, false, false],
    ['manager', false, true, false],
    ['manager', true, true, false],
    ['owner', false, false, false],
    ['owner', true, false, false],
    ['owner', false, true, false],
    ['owner', true, true, false],
  ];
  it.each(cases)(
    '%s, paid online %s, closed register %s → %s',
    (role, paidOnline, inClosedRegister, needs) => {
      expect(cancelNeedsApproval({ role, paidOnline, inClosedRegister })).toBe(needs);
    },
  );

  it('follows a store that wants every attendant’s cancel approved', () => {
    const storeOverrides = { 'orders.cancel': 'manager' };
    expect(
      cancelNeedsApproval({ role: 'attendant', paidOnline: false, inClosedRegister: false, storeOverrides }),
    ).toBe(true);
    expect(
      cancelNeedsApproval({ role: 'manager', paidOnline: false, inClosedRegister: false, storeOverrides }),
    ).toBe(false);
  });

  it('follows a store where only owners cancel what was paid, and approve', () => {
    const storeOverrides = { 'orders.cancel_paid': 'owner' };
    expect(
      cancelNeedsApproval({ role: 'manager', paidOnline: true, inClosedRegister: false, storeOverrides }),
    ).toBe(true);
    expect(
      cancelNeedsApproval({ role: 'manager', paidOnline: false, inClosedRegister: true, storeOverrides }),
    ).toBe(true);
    expect(
      cancelNeedsApproval({ role: 'manager', paidOnline: false, inClosedRegister: false, storeOverrides }),
    ).toBe(false);
    expect(
      cancelNeedsApproval({ role: 'owner', paidOnline: true, inClosedRegister: true, storeOverrides }),
    ).toBe(false);
    expect(mayApproveCancel('manager', storeOverrides)).toBe(false);
    expect(mayApproveCancel('owner', storeOverrides)).toBe(true);
  });

  it('never asks less than the issue’s rule, whatever a store stored', () => {
    const loose = { 'orders.cancel_paid': 'attendant', 'orders.cancel': 'attendant' };
    for (const paidOnline of [true, false]) {
      for (const inClosedRegister of [true, false]) {
        const needs = cancelNeedsApproval({
          role: 'attendant',
          paidOnline,
          inClosedRegister,
          storeOverrides: loose,
        });
        expect(needs).toBe(paidOnline || inClosedRegister);
      }
    }
    expect(mayApproveCancel('attendant', loose)).toBe(false);
    expect(mayApproveCancel('manager')).toBe(true);
  });
});
