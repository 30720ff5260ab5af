// The staff accounts module's face (docs/decisions/0041): what other modules and the app's composition may use.
export {
  createStaffAccount,
  findStaffByPhone,
  type StaffRow,
  StaffService,
  setStaffPasswordHash,
} from './service.ts';
