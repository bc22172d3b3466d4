// The label and courier shapes the API answers, shared with the worker (types only, never code).
export type * from "../../../shared/label";
export type { ManualFieldName, ManualFieldType } from "../../../worker/couriers/fields";
export type { ApiCourier } from "../../../worker/couriers/answer";
