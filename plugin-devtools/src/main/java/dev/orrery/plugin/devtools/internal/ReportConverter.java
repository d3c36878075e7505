package dev.orrery.plugin.devtools.internal;

import dev.orrery.plugin.devtools.report.Report;
import dev.orrery.plugin.devtools.report.ReportText;
import org.apache.felix.service.command.Converter;
import org.osgi.service.component.annotations.Component;

/**
 * Prints the devtools' {@link Report}s in the Gogo shell: a Gogo {@link Converter} service for the
 * report types, as Felix SCR registers one for its runtime DTOs. Gogo asks every converter service to
 * format a command's result before it falls back to {@code toString()}; the shell prints the
 * {@link Converter#INSPECT} form ({@code CommandSession.format(result, INSPECT)}), which is the report's
 * {@link ReportText#render text}; inside a line (a report in a list, {@link Converter#LINE} or
 * {@link Converter#PART}) it is the report's first line. Reports are not converted from text.
 *
 * <p>Stateless; any thread. Needs the Gogo runtime's package only when Gogo asks for the service.
 */
@Component(service = Converter.class, property = Converter.CONVERTER_CLASSES + "=dev.orrery.plugin.devtools.report.Report")
public final class ReportConverter implements Converter {
    /**
     * @return null: no report is made from text
     */
    @Override
    public Object convert(Class<?> desiredType, Object in) {
        return null;
    }

    /**
     * @return the report's text for {@link Converter#INSPECT}, its first line for the other levels, null
     *     for anything that is not a report
     */
    @Override
    public CharSequence format(Object target, int level, Converter escape) {
        if (!(target instanceof Report r)) {
            return null;
        }
        return level == Converter.INSPECT ? ReportText.render(r) : ReportText.summary(r);
    }
}
