import page from "../../../content/legal/trust.md";
import { ContentPage } from "../../../features/content/content-page";
import { MarkCertificate } from "../../../features/voice";
import { legalRoute } from "./legal-page";

const route = legalRoute(page);
export const meta = route.meta;

/** The Trust page, and after it the certificate this installation's voice marks are signed under (decision 0047). */
export default function TrustPage() {
  return (
    <ContentPage title={page.meta.title!} eyebrow={page.meta.effective ? `Effective ${page.meta.effective}` : undefined} html={page.html}>
      <MarkCertificate />
    </ContentPage>
  );
}
