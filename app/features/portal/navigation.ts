import {
  BarChart3,
  BookOpen,
  GraduationCap,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Settings,
  ShieldCheck,
  Users,
} from "lucide-react";

export type PortalLink = { to: string; label: string; icon: LucideIcon };

/** The sidebar's eight entries (SPEC.md section 2, Admin portal). */
export const portalLinks: PortalLink[] = [
  { to: "/admin-portal/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin-portal/students", label: "Students", icon: GraduationCap },
  { to: "/admin-portal/tutors", label: "Tutors", icon: Users },
  { to: "/admin-portal/courses", label: "Courses", icon: BookOpen },
  { to: "/admin-portal/messages", label: "Messages", icon: Mail },
  { to: "/admin-portal/reports", label: "Reports", icon: BarChart3 },
  { to: "/admin-portal/settings", label: "Settings", icon: Settings },
  { to: "/admin-portal/admins", label: "Admins", icon: ShieldCheck },
];
