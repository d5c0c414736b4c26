import Download from "lucide-react/icons/download";
import type { ReactNode } from "react";
import { type ButtonSize, buttonClasses } from "../button";

/** 'Export CSV': a plain download link, so the file comes as the browser downloads anything. */
export function CsvExportLink({
  href,
  size,
  children,
}: {
  href: string;
  size?: ButtonSize;
  /** Words after 'Export CSV' for a screen reader, where several links sit on one page. */
  children?: ReactNode;
}) {
  return (
    <a href={href} className={buttonClasses("outline", size)} download>
      <Download aria-hidden="true" className="h-4 w-4" />
      Export CSV{children}
    </a>
  );
}
