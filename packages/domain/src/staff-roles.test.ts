import { describe, expect, it } from 'vitest';
import { staffRoleAllows } from './staff-roles.ts';

describe('staff roles', () => {
  it('lets each role do what the roles below it do, and nothing above', () => {
    expect(staffRoleAllows('owner', 'manager')).toBe(true);
    expect(staffRoleAllows('owner', 'attendant')).toBe(true);
    expect(staffRoleAllows('manager', 'manager')).toBe(true);
    expect(staffRoleAllows('manager', 'owner')).toBe(false);
    expect(staffRoleAllows('attendant', 'attendant')).toBe(true);
    expect(staffRoleAllows('attendant', 'manager')).toBe(false);
  });
});
