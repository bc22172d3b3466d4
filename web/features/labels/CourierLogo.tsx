import { courierKey } from "../../../shared/courier-key";
import { useCourier } from "./labelsApi";

/** The couriers with a mark of their own, drawn inline (no image requests). */
const LOGOS: Record<string, () => React.ReactElement> = {
  evri: () => (
    <svg className="courier-logo" viewBox="0 0 64 24" width="64" height="24" role="img" aria-label="Evri">
      <rect width="64" height="24" rx="6" fill="#0b3c8c" />
      <text x="32" y="17" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="800" fontSize="14" fill="#fff">
        evri
      </text>
    </svg>
  ),
  royalmail: () => (
    <svg className="courier-logo" viewBox="0 0 96 24" width="96" height="24" role="img" aria-label="Royal Mail">
      <rect width="96" height="24" rx="6" fill="#da202a" />
      <text x="48" y="16.5" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="800" fontSize="12" fill="#ffd400">
        Royal Mail
      </text>
    </svg>
  ),
};

/** The courier's mark, or a neutral badge with its name (as the couriers call gives it) for any other courier. */
export function CourierLogo({ courier }: { courier: string }) {
  const Logo = LOGOS[courierKey(courier)];
  // A mark needs no couriers query (one a card in the list's first render).
  return Logo ? <Logo /> : <CourierBadge courier={courier} />;
}

function CourierBadge({ courier }: { courier: string }) {
  const known = useCourier(courier);
  return <span className="badge">{known?.displayName ?? courier}</span>;
}
