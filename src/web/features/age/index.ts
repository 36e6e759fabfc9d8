export { AgeCard } from "./age-card";
