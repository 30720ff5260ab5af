export * from './addresses.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './menu.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './staff.ts';
export * from './tracking.ts';
