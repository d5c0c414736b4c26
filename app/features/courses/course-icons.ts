import type { LucideIcon } from "lucide-react";
import Atom from "lucide-react/icons/atom";
import Award from "lucide-react/icons/award";
import Banknote from "lucide-react/icons/banknote";
import Binary from "lucide-react/icons/binary";
import BookOpen from "lucide-react/icons/book-open";
import Braces from "lucide-react/icons/braces";
import Brain from "lucide-react/icons/brain";
import Briefcase from "lucide-react/icons/briefcase";
import Brush from "lucide-react/icons/brush";
import Bug from "lucide-react/icons/bug";
import Calculator from "lucide-react/icons/calculator";
import Camera from "lucide-react/icons/camera";
import ChartColumn from "lucide-react/icons/chart-column";
import ChartLine from "lucide-react/icons/chart-line";
import ChartPie from "lucide-react/icons/chart-pie";
import Clapperboard from "lucide-react/icons/clapperboard";
import Cloud from "lucide-react/icons/cloud";
import Code from "lucide-react/icons/code";
import Compass from "lucide-react/icons/compass";
import Cpu from "lucide-react/icons/cpu";
import Database from "lucide-react/icons/database";
import Music from "lucide-react/icons/eighth-notes";
import Film from "lucide-react/icons/film";
import FlaskConical from "lucide-react/icons/flask-conical";
import GitBranch from "lucide-react/icons/git-branch";
import Globe from "lucide-react/icons/globe";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Handshake from "lucide-react/icons/handshake";
import Headphones from "lucide-react/icons/headphones";
import Heart from "lucide-react/icons/heart";
import Image from "lucide-react/icons/image";
import Laptop from "lucide-react/icons/laptop";
import Layers from "lucide-react/icons/layers";
import Library from "lucide-react/icons/library";
import Lightbulb from "lucide-react/icons/lightbulb";
import Mail from "lucide-react/icons/mail";
import Megaphone from "lucide-react/icons/megaphone";
import Mic from "lucide-react/icons/mic";
import Podcast from "lucide-react/icons/mic-signal";
import Monitor from "lucide-react/icons/monitor";
import Network from "lucide-react/icons/network";
import NotebookPen from "lucide-react/icons/notebook-pen";
import Palette from "lucide-react/icons/palette";
import PenTool from "lucide-react/icons/pen-tool";
import Presentation from "lucide-react/icons/presentation";
import Puzzle from "lucide-react/icons/puzzle";
import Rocket from "lucide-react/icons/rocket";
import School from "lucide-react/icons/school";
import Search from "lucide-react/icons/search";
import Server from "lucide-react/icons/server";
import Shield from "lucide-react/icons/shield";
import ShoppingCart from "lucide-react/icons/shopping-cart";
import Sigma from "lucide-react/icons/sigma";
import Smartphone from "lucide-react/icons/smartphone";
import Sparkles from "lucide-react/icons/sparkles";
import Star from "lucide-react/icons/star";
import Table from "lucide-react/icons/table";
import Target from "lucide-react/icons/target";
import Terminal from "lucide-react/icons/terminal";
import TrendingUp from "lucide-react/icons/trending-up";
import Tv from "lucide-react/icons/tv";
import Users from "lucide-react/icons/users";
import Video from "lucide-react/icons/video";
import Workflow from "lucide-react/icons/workflow";
import Zap from "lucide-react/icons/zap";

/** The icon choices for a course, in seven groups. */
export const iconGroups: { name: string; icons: Record<string, LucideIcon> }[] = [
  {
    name: "Design & Creative",
    icons: { Palette, PenTool, Brush, Layers, Image, Camera, Sparkles },
  },
  {
    name: "Programming & Tech",
    icons: {
      Code,
      Terminal,
      Braces,
      Laptop,
      Smartphone,
      Server,
      Database,
      Cloud,
      Cpu,
      GitBranch,
      Bug,
      Shield,
      Network,
      Binary,
    },
  },
  {
    name: "Marketing & Business",
    icons: {
      Megaphone,
      TrendingUp,
      Search,
      Target,
      Briefcase,
      ShoppingCart,
      Mail,
      Handshake,
      Banknote,
      Users,
    },
  },
  {
    name: "Data & Analytics",
    icons: {
      ChartColumn,
      ChartLine,
      ChartPie,
      Table,
      Calculator,
      Brain,
      Sigma,
      FlaskConical,
      Atom,
    },
  },
  {
    name: "Education & Learning",
    icons: {
      BookOpen,
      GraduationCap,
      School,
      Library,
      Lightbulb,
      Award,
      NotebookPen,
      Presentation,
    },
  },
  {
    name: "Media & Entertainment",
    icons: { Video, Film, Music, Mic, Headphones, Clapperboard, Podcast, Tv },
  },
  {
    name: "General",
    icons: { Star, Heart, Rocket, Zap, Compass, Puzzle, Workflow, Globe, Monitor },
  },
];

const iconsByName: Record<string, LucideIcon> = Object.assign(
  {},
  ...iconGroups.map((group) => group.icons),
);

/** The icon for a stored name; unknown names fall back to the default. */
export function courseIcon(name: string | null | undefined): LucideIcon {
  return iconsByName[name ?? ""] ?? BookOpen;
}
