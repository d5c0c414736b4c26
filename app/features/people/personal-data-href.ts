import { href } from "react-router";
import { listSearch } from "~/lib/router/list-search";
import type { PersonKey } from "./person-key";

const keyDefaults = { email: "", phone: "" };

/** The Personal data page for one person's key (an empty part left out). */
export const personalDataHref = (key: PersonKey) =>
  `${href("/admin-portal/personal-data")}${listSearch(key, keyDefaults)}`;

/** The download of everything held about one person. */
export const personalDataExportHref = (key: PersonKey) =>
  `${href("/admin-portal/personal-data/export")}${listSearch(key, keyDefaults)}`;
