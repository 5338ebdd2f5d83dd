export { DateFilterFields, type DateRange, DateRangeFields, useDateRange } from './date-range';
export { FilterBar } from './filter-bar';
export { SchoolFilter, type SchoolFilterProps } from './school-filter';
export { TermFilter, type TermFilterProps } from './term-filter';
