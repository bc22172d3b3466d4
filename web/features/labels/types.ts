// The label and courier shapes the API answers, shared with the worker (types only, never code).
export type * from "../../../worker/labels/model";
export type { ApiCourier, ManualFieldName, ManualFieldType } from "../../../worker/couriers/fields";
