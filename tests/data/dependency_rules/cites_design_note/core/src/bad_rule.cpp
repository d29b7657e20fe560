// A rule that cites a design note outside the repository: the dependency rules must refuse it.
// Exactly half of a block's footprint is no terrain (domain.md: majority rule).
int majorityThresholdPercent() { return 50; }
