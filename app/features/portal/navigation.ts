import type { LucideIcon } from "lucide-react";
import BookOpen from "lucide-react/icons/book-open";
import Building2 from "lucide-react/icons/building-2";
import CalendarDays from "lucide-react/icons/calendar-days";
import BarChart3 from "lucide-react/icons/chart-column";
import GraduationCap from "lucide-react/icons/graduation-cap";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import Mail from "lucide-react/icons/mail";
import MessageSquareText from "lucide-react/icons/message-square-text";
import Settings from "lucide-react/icons/settings";
import ShieldCheck from "lucide-react/icons/shield-check";
import TicketPercent from "lucide-react/icons/ticket-percent";
import Users from "lucide-react/icons/users";
import { href } from "react-router";

export type PortalLink = { to: string; label: string; icon: LucideIcon };

/** The sidebar: the portal's nine sections, Saved Replies, Discounts and Sponsored seats. */
export const portalLinks: PortalLink[] = [
  { to: href("/admin-portal/dashboard"), label: "Dashboard", icon: LayoutDashboard },
  { to: href("/admin-portal/students"), label: "Students", icon: GraduationCap },
  { to: href("/admin-portal/timetable"), label: "Timetable", icon: CalendarDays },
  { to: href("/admin-portal/tutors"), label: "Tutors", icon: Users },
  { to: href("/admin-portal/courses"), label: "Courses", icon: BookOpen },
  { to: href("/admin-portal/messages"), label: "Messages", icon: Mail },
  { to: href("/admin-portal/saved-replies"), label: "Saved Replies", icon: MessageSquareText },
  { to: href("/admin-portal/discounts"), label: "Discounts", icon: TicketPercent },
  { to: href("/admin-portal/sponsors"), label: "Sponsored seats", icon: Building2 },
  { to: href("/admin-portal/reports"), label: "Reports", icon: BarChart3 },
  { to: href("/admin-portal/settings"), label: "Settings", icon: Settings },
  { to: href("/admin-portal/admins"), label: "Admins", icon: ShieldCheck },
];
