package dev.orrery.checks;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Orrery's main code as ArchUnit reads it from this module's class path (every Orrery main artifact is a
 * dependency of {@code reactor-checks}; test classes are left out), and which of its packages are API.
 *
 * <p>API packages are those the bundles export: the packages whose {@code package-info} carries
 * {@code org.osgi.annotation.bundle.Export} (read from the class files; bnd exports exactly these).
 * Every other {@code dev.orrery} package, {@code internal} ones and packages a bundle keeps private
 * alike, is an implementation package.
 *
 * @param classes the imported classes of the {@code dev.orrery} packages
 * @param packages every package that holds an imported class, sorted
 * @param apiPackages the exported packages, sorted
 */
record OrreryCode(JavaClasses classes, SortedSet<String> packages, SortedSet<String> apiPackages) {
    static final String ROOT_PACKAGE = "dev.orrery";
    static final String EXPORT = "org.osgi.annotation.bundle.Export";

    OrreryCode {
        packages = Collections.unmodifiableSortedSet(new TreeSet<>(packages));
        apiPackages = Collections.unmodifiableSortedSet(new TreeSet<>(apiPackages));
    }

    /**
     * @return the code on the class path
     * @throws IllegalStateException when no class or no exported package is found (a broken set-up, not
     *     a clean architecture)
     */
    static OrreryCode load() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT_PACKAGE);
        SortedSet<String> packages = new TreeSet<>();
        SortedSet<String> api = new TreeSet<>();
        for (JavaClass c : classes) {
            packages.add(c.getPackageName());
        }
        for (String name : packages) {
            JavaPackage p = classes.getPackage(name);
            if (p.tryGetPackageInfo().map(info -> info.isAnnotatedWith(EXPORT)).orElse(false)) {
                api.add(name);
            }
        }
        if (packages.isEmpty() || api.isEmpty()) {
            throw new IllegalStateException("found " + packages.size() + " " + ROOT_PACKAGE + " packages and "
                    + api.size() + " exported ones on the class path: are the Orrery modules dependencies of"
                    + " reactor-checks?");
        }
        return new OrreryCode(classes, packages, api);
    }

    /** @return whether the package is an Orrery package that no bundle exports */
    boolean isImplementation(String packageName) {
        return isOrrery(packageName) && !apiPackages.contains(packageName);
    }

    /** @return whether the package is {@code dev.orrery} or below it */
    static boolean isOrrery(String packageName) {
        return packageName.equals(ROOT_PACKAGE) || packageName.startsWith(ROOT_PACKAGE + ".");
    }

    /** @return the top-level class a class (nested, inner, anonymous or lambda host) belongs to */
    static JavaClass topLevel(JavaClass c) {
        JavaClass top = c.getBaseComponentType();
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return top;
    }
}
