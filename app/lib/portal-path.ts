import { href } from "react-router";

/** Every URL of the staff portal starts with this (its cookie scope, body limit and redirects). */
export const PORTAL_PATH = href("/admin-portal");
