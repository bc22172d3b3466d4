import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Admin Webmail" description="Read, reply to and compose mail for the product mailbox." />;
}
