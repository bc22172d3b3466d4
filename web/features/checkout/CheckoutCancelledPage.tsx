import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Payment Cancelled" description="Your credit purchase was cancelled. No changes were made to your account." />;
}
