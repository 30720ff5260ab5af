// The role rules module's face (docs/decisions/0041, 0059): what other modules and the app's composition may use.
export { type NoticeKind, paidOnline, RoleRulesService } from './service.ts';
