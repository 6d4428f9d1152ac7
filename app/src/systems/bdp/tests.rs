//! Unit tests of the procedure; the golden scenarios in tests/scenarios/bdp-*.fray cover the
//! checklist end to end.
