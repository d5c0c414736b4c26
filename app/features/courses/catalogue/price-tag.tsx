import { formatNaira } from "~/lib/format/money";
import { cn } from "~/ui/cn";
import { percentOff } from "../course-rules";

/** Price in Naira, with the struck-through original price and the percent-off badge. */
export function PriceTag({
  price,
  originalPrice,
  large,
}: {
  price: number;
  originalPrice: number | null;
  large?: boolean;
}) {
  const off = percentOff(price, originalPrice);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={cn("font-extrabold text-slate-900", large ? "text-3xl" : "text-lg")}>
        {formatNaira(price)}
      </span>
      {off !== null && originalPrice ? (
        <>
          <s className={cn("text-slate-600", large ? "text-lg" : "text-sm")}>
            <span className="sr-only">Original price </span>
            {formatNaira(originalPrice)}
          </s>
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">
            {off}% OFF
          </span>
        </>
      ) : null}
    </span>
  );
}
