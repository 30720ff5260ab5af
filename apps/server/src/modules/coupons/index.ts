// The coupons module's face (docs/decisions/0041): what other modules and the app's composition may use.
export { CouponService, checkCoupon, couponRefusal, storeOffersCoupons } from './service.ts';
