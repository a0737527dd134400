/**
 * allure-playwright, for a run and for `playwright merge-reports` alike. A merge hands reporters
 * the projects only after onConfigure (with onProject); allure-playwright 3.12 reads projects[0]
 * there, throws, and fails the merged run. It wants that project only for screenshot diffs,
 * which API tests never have.
 */
import type { FullConfig } from '@playwright/test';
import { AllureReporter } from 'allure-playwright';

export default class FleetAllureReporter extends AllureReporter {
  override onConfigure(config: FullConfig): void {
    if (config.projects.length) super.onConfigure(config);
    else this.config = config;
  }
}
