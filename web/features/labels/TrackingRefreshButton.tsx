/** 'Refresh tracking' on the label detail (the tracking issue builds it). */
export function TrackingRefreshButton(_props: { labelId: string; onRefreshed?: () => void }) {
  return null;
}
