package org.cruncher.engine.policy.cpusched;

import org.cruncher.engine.model.Project;

/**
 * How one project's debt changed when a period was settled (seed 001): debt_after = debt_before + accrued - paid,
 * or 0 when the project had no runnable result; then clamped, and the others evened.
 *
 * @param project   the project
 * @param before    debt at the start of the period, FLOPs
 * @param accrued   its fair part of the work done (seed 001: share / total share of projects with runnable
 *                  results x total work), FLOPs
 * @param paid      work done for the project this period, FLOPs
 * @param after     the new debt, FLOPs
 * @param fromBound  what the project's debt took on of the other debts' parts beyond the bound, FLOPs: after =
 *                  before + accrued - paid + fromBound (src/docs/decisions/0038)
 * @param reset     true if the debt was reset to 0 because the project had no runnable result
 * @param clamped   true if the debt is held at its bound: the settlement would have taken it to the bound or
 *                  beyond (src/docs/decisions/0038)
 */
public record DebtChange(Project project, double before, double accrued, double paid, double after,
                         double fromBound, boolean reset, boolean clamped) {
}
