import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import { useBreadcrumbNames } from './breadcrumb-names';
import { buildBreadcrumbs } from './breadcrumbs-model';

/** Where the admin is, one link per path segment; a record's segment shows the name its page gave it. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = buildBreadcrumbs(pathname, useBreadcrumbNames());
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.path}>
              {index > 0 && (
                <li className="breadcrumbs__separator" aria-hidden="true">
                  <ChevronRight size={14} />
                </li>
              )}
              <li className="breadcrumbs__item" data-testid="breadcrumb">
                {isLast ? <span aria-current="page">{crumb.label}</span> : <Link to={crumb.path}>{crumb.label}</Link>}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
