import type { SVGProps } from "react";
// A hashed file under /assets (cached for a year). At 17 KB it is far above Vite's 4 KB inlining limit:
// <use> cannot point into a data URL.
import spriteUrl from "./icons.svg?url";

/**
 * The shop's icons: lucide's shapes (and a few brand marks) from one sprite, drawn with
 * <svg><use href="…#name"/></svg>, so a page repeats a reference instead of the paths
 * (docs/decisions/020). Same props as lucide-react (size, strokeWidth, className…); decorative
 * (aria-hidden) unless given a label or a role. Stroke defaults live in app.css (`.icon`), so
 * utility classes such as `fill-amber-400` still win.
 *
 * A new icon: add a line below with its lucide name (kebab-case), then run `npm run icons`.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "ref"> {
  size?: number | string;
  strokeWidth?: number | string;
}

export type IconComponent = ((props: IconProps) => React.JSX.Element) & { displayName?: string };

function iconHref(id: string): string {
  return `${spriteUrl}#${id}`;
}

function makeIcon(id: string, baseClass: string, defaultClass?: string): IconComponent {
  function Icon({ size, strokeWidth, className = defaultClass, style, ...rest }: IconProps) {
    const labelled = rest["aria-label"] !== undefined || rest["aria-labelledby"] !== undefined || rest.role !== undefined;
    // Without a size, 24 px from app.css (`.icon:not([width])`) unless a class (size-5…) says
    // otherwise: two attributes fewer on most of a page's icons.
    return (
      <svg
        width={size}
        height={size}
        aria-hidden={labelled ? undefined : true}
        className={className ? `${baseClass} ${className}` : baseClass}
        // An attribute would lose to the .icon class: the width goes in the style.
        style={strokeWidth === undefined ? style : { ...style, strokeWidth }}
        {...rest}
      >
        <use href={iconHref(id)} />
      </svg>
    );
  }
  Icon.displayName = `Icon(${id})`;
  return Icon;
}

/** Space between the icons of a row, in the icons' own units (24 = one icon). */
const ROW_GAP = 3;

/**
 * Several copies of one icon side by side as one symbol (the five rating stars): one reference
 * draws them all. `width` is the row's width in icon units (height 24); `step` from one to the next.
 */
function iconRow(id: string, count: number) {
  return { href: iconHref(`${id}-x${count}`), width: count * 24 + (count - 1) * ROW_GAP, step: 24 + ROW_GAP };
}

/** A lucide icon (stroked, currentColor). */
const spriteIcon = (id: string) => makeIcon(id, "icon");
/** A brand mark (filled, currentColor), 20 px unless a class says otherwise. */
const brandIcon = (id: string) => makeIcon(id, "icon", "size-5");

export const AlarmClock = spriteIcon("alarm-clock");
export const ArrowLeft = spriteIcon("arrow-left");
export const ArrowRight = spriteIcon("arrow-right");
export const BadgeCheck = spriteIcon("badge-check");
export const Ban = spriteIcon("ban");
export const CalendarCheck = spriteIcon("calendar-check");
export const CalendarDays = spriteIcon("calendar-days");
export const Check = spriteIcon("check");
export const ChevronDown = spriteIcon("chevron-down");
export const ChevronRight = spriteIcon("chevron-right");
export const CircleAlert = spriteIcon("circle-alert");
export const CircleCheck = spriteIcon("circle-check");
export const CheckCircle2 = CircleCheck;
export const CircleDashed = spriteIcon("circle-dashed");
export const Clock = spriteIcon("clock");
export const Copy = spriteIcon("copy");
export const CreditCard = spriteIcon("credit-card");
export const Crown = spriteIcon("crown");
export const Eye = spriteIcon("eye");
export const EyeOff = spriteIcon("eye-off");
export const Gift = spriteIcon("gift");
export const Globe = spriteIcon("globe");
export const Heart = spriteIcon("heart");
export const HelpCircle = spriteIcon("circle-question-mark");
export const Hourglass = spriteIcon("hourglass");
export const House = spriteIcon("house");
export const InfinityIcon = spriteIcon("infinity");
export const Info = spriteIcon("info");
export const KeyRound = spriteIcon("key-round");
export const LifeBuoy = spriteIcon("life-buoy");
export const Lock = spriteIcon("lock");
export const Mail = spriteIcon("mail");
export const MailCheck = spriteIcon("mail-check");
export const MailX = spriteIcon("mail-x");
export const Menu = spriteIcon("menu");
export const MessageCircle = spriteIcon("message-circle");
export const MessageSquarePlus = spriteIcon("message-square-plus");
export const MessageSquareText = spriteIcon("message-square-text");
export const MessagesSquare = spriteIcon("messages-square");
export const Minus = spriteIcon("minus");
export const PackageSearch = spriteIcon("package-search");
export const Plus = spriteIcon("plus");
export const ReceiptText = spriteIcon("receipt-text");
export const RefreshCw = spriteIcon("refresh-cw");
export const RotateCcw = spriteIcon("rotate-ccw");
export const RouteIcon = spriteIcon("route");
export const Search = spriteIcon("search");
export const Send = spriteIcon("send");
export const Share2 = spriteIcon("share-2");
export const ShieldAlert = spriteIcon("shield-exclamation-point");
export const ShieldCheck = spriteIcon("shield-check");
export const ShoppingBag = spriteIcon("shopping-bag");
export const ShoppingCart = spriteIcon("shopping-cart");
export const Smartphone = spriteIcon("smartphone");
export const Star = spriteIcon("star");
export const Tag = spriteIcon("tag");
export const Timer = spriteIcon("timer");
export const Trash2 = spriteIcon("trash");
export const TriangleAlert = spriteIcon("triangle-exclamation-point");
export const Truck = spriteIcon("truck");
export const Upload = spriteIcon("upload");
export const UserCheck = spriteIcon("user-check");
export const UserRound = spriteIcon("user-round");
export const Users = spriteIcon("users");
export const X = spriteIcon("x");
export const Zap = spriteIcon("zap");
export const STAR_ROW = iconRow("star", 5);

export const DiscordIcon = brandIcon("discord");
export const WhatsAppIcon = brandIcon("whatsapp");
export const InstagramIcon = brandIcon("instagram");
export const TikTokIcon = brandIcon("tiktok");
export const YouTubeIcon = brandIcon("youtube");
