import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  CAPABILITY_NAMES,
  type CapabilityRule,
  isCapability,
  overrideRefusal,
  roleNeededFor,
  staffMay,
} from './capabilities.ts';
import { STAFF_ROLES, staffRoleAllows } from './staff-roles.ts';

describe('the capability table', () => {
  it('gives the roles of docs/decisions/0026 without any store override', () => {
    const byRole = (role: string) => CAPABILITY_NAMES.filter((name) => roleNeededFor(name) === role).sort();
    expect(byRole('attendant')).toEqual([
      'kitchen.bump',
      'menu.sold_out',
      'orders.handle',
      'payments.confirm',
      'register.operate',
      'settings.read',
      'staff.me',
      'stations.read',
      'store.read',
      'tables.serve',
    ]);
    expect(byRole('manager')).toEqual([
      'orders.settings',
      'payments.ledger',
      'printers.manage',
      'register.manage',
      'reports.read',
      'settings.audit',
      'settings.edit',
      'stations.manage',
      'store.open_close',
      'tables.manage',
    ]);
    expect(byRole('owner')).toEqual(['stores.create', 'team.manage']);
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
