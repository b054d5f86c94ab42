package org.iobench.micro;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the suites a class defines: public static no-argument methods returning {@code Suite}, {@code Suite[]} or
 * a {@code Collection<Suite>} (in method-name order, since reflection's order is unspecified), then, if the class
 * implements {@link SuiteProvider}, its {@code suites()}.
 */
final class SuiteDiscovery {

    private SuiteDiscovery() {
    }

    static List<Suite<?, ?>> discover(Class<?> c) {
        List<Suite<?, ?>> found = new ArrayList<>();
        List<Method> methods = new ArrayList<>();
        for (Method m : c.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0 && returnsSuites(m)) {
                methods.add(m);
            }
        }
        methods.sort(Comparator.comparing(Method::getName));
        for (Method m : methods) {
            add(found, c.getName(), m.getName(), invoke(c, m));
        }
        if (SuiteProvider.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
            add(found, c.getName(), SuiteOrigin.PROVIDER, newProvider(c).suites());
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException("class " + c.getName() + " defines no suites: expected public static"
                    + " methods without parameters returning Suite, Suite[] or List<Suite>, or an implementation of "
                    + SuiteProvider.class.getName());
        }
        return found;
    }

    private static boolean returnsSuites(Method m) {
        Class<?> rt = m.getReturnType();
        if (Suite.class.isAssignableFrom(rt)) {
            return true;
        }
        if (rt.isArray() && Suite.class.isAssignableFrom(rt.getComponentType())) {
            return true;
        }
        if (Iterable.class.isAssignableFrom(rt) && m.getGenericReturnType() instanceof ParameterizedType p) {
            Type[] args = p.getActualTypeArguments();
            Type arg = args.length == 1 ? args[0] : null;
            if (arg instanceof ParameterizedType pa) {
                arg = pa.getRawType();
            }
            return arg instanceof Class<?> k && Suite.class.isAssignableFrom(k);
        }
        return false;
    }

    private static Object invoke(Class<?> c, Method m) {
        String where = c.getName() + "." + m.getName() + "()";
        try {
            m.setAccessible(true);
            return m.invoke(null);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(where + " threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot call " + where + ": " + e, e);
        }
    }

    private static SuiteProvider newProvider(Class<?> c) {
        try {
            var ctor = c.getDeclaredConstructor();
            ctor.setAccessible(true);
            return (SuiteProvider) ctor.newInstance();
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("new " + c.getName() + "() threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException(c.getName() + " implements SuiteProvider but has no usable public"
                    + " no-argument constructor: " + e, e);
        }
    }

    private static void add(List<Suite<?, ?>> found, String className, String member, Object returned) {
        if (returned == null) {
            throw new IllegalStateException(className + "." + member + " returned null instead of suites");
        }
        List<Object> items = new ArrayList<>();
        if (returned.getClass().isArray()) {
            for (int i = 0; i < Array.getLength(returned); i++) {
                items.add(Array.get(returned, i));
            }
        } else if (returned instanceof Iterable<?> it) {
            it.forEach(items::add);
        } else {
            items.add(returned);
        }
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof Suite<?, ?> s)) {
                throw new IllegalStateException(className + "." + member + " returned a non-suite at index " + i
                        + ": " + items.get(i));
            }
            found.add(s.withOrigin(new SuiteOrigin(className, member, i)));
        }
    }
}
